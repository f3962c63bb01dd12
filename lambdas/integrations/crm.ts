/**
 * The CRM (HubSpot) behind a small interface: the real API when a token is configured, otherwise a
 * local adapter that records every call in `crm-log.jsonl`.
 */
import { Client } from '@hubspot/api-client';
import { readSecret, secretConfigured } from '../lib/secrets';
import { appendLocalLog } from './localLog';

export interface CrmGateway {
  /** Deletes (archives) a contact; a contact that no longer exists counts as deleted. */
  deleteContact(contactId: string): Promise<void>;
}

export class HubSpotCrm implements CrmGateway {
  constructor(private readonly client: Client) {}

  async deleteContact(contactId: string): Promise<void> {
    try {
      await this.client.crm.contacts.basicApi.archive(contactId);
    } catch (error) {
      if ((error as { code?: number }).code === 404) return;
      throw error;
    }
  }
}

export class LocalCrm implements CrmGateway {
  async deleteContact(contactId: string): Promise<void> {
    appendLocalLog('crm-log.jsonl', { call: 'deleteContact', contactId });
  }
}

export async function crmGateway(): Promise<CrmGateway> {
  if (!secretConfigured('HUBSPOT_TOKEN')) return new LocalCrm();
  const accessToken = await readSecret('HUBSPOT_TOKEN');
  return new HubSpotCrm(new Client({ accessToken, numberOfApiCallRetries: 3 }));
}
