/**
 * The CRM (HubSpot) behind a small interface: the real API through `@hubspot/api-client` when a
 * token is configured. The local stack registers its stand-in (scripts/local/crmStandIn.ts).
 */
import type { ContactForm, RegistrationForm } from '@core/api/crm';
import type { Client } from '@hubspot/api-client';
import { readConfig } from '../lib/config';
import { readSecret, secretConfigured } from '../lib/secrets';
import { localStandIn } from './local';

export interface TicketInput {
  subject: string;
  content: string;
  contactId: string | null;
}

export interface CrmGateway {
  /** Submits the registration form (HubSpot creates or updates the contact from it). */
  submitRegistrationForm(form: RegistrationForm): Promise<void>;
  /** Submits a contact-page message to the contact form (HubSpot records it on the contact). */
  submitContactForm(form: ContactForm): Promise<void>;
  /** The contact id for an e-mail, or null when HubSpot has no such contact. */
  findContactId(email: string): Promise<string | null>;
  updateContactProperties(contactId: string, properties: Record<string, string>): Promise<void>;
  /** Creates a ticket in the configured pipeline and stage, associated with the contact when known. */
  createTicket(ticket: TicketInput): Promise<string>;
  /** Deletes (archives) a contact; a contact that no longer exists counts as deleted. */
  deleteContact(contactId: string): Promise<void>;
}

/** A HubSpot error with its status, so the worker can tell "retry later" from "give up". */
export class CrmError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Seconds HubSpot asked to wait (429 Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'CrmError';
  }

  /** HubSpot is down or throttling: a request waiting on it answers 503 (lambdas/lib/handler.ts). */
  get dependencyUnavailable(): boolean {
    return this.status >= 500 || this.status === 429;
  }
}

const TICKET_TO_CONTACT = 16; // HubSpot-defined association type "ticket to contact"

export class HubSpotCrm implements CrmGateway {
  constructor(
    private readonly client: Client,
    private readonly settings = readConfig().crm,
  ) {}

  async submitRegistrationForm(form: RegistrationForm): Promise<void> {
    const { portalId, registerFormId } = this.settings;
    if (!portalId || !registerFormId)
      throw new Error('HUBSPOT_PORTAL_ID and HUBSPOT_REGISTER_FORM_ID are required');
    await this.submitForm(portalId, registerFormId, form);
  }

  async submitContactForm(form: ContactForm): Promise<void> {
    const { portalId, contactFormId } = this.settings;
    if (!portalId || !contactFormId)
      throw new Error('HUBSPOT_PORTAL_ID and HUBSPOT_CONTACT_FORM_ID are required');
    await this.submitForm(portalId, contactFormId, form);
  }

  /** HubSpot's Forms API (secure submission with the private app token). */
  private async submitForm(
    portalId: string,
    formId: string,
    form: { fields: Record<string, string | undefined>; context: RegistrationForm['context'] },
  ): Promise<void> {
    const response = await this.client.apiRequest({
      method: 'POST',
      overlapUrl: `https://api.hsforms.com/submissions/v3/integration/secure/submit/${portalId}/${formId}`,
      body: {
        fields: Object.entries(form.fields)
          .filter(([, value]) => value !== undefined && value !== '')
          .map(([name, value]) => ({ objectTypeId: '0-1', name, value })),
        context: {
          ...(form.context.hutk ? { hutk: form.context.hutk } : {}),
          pageUri: form.context.pageUri,
          pageName: form.context.pageName,
        },
      },
    });
    if (!response.ok) throw new CrmError(`Form submission answered ${response.status}`, response.status);
  }

  async findContactId(email: string): Promise<string | null> {
    try {
      const contact = await this.call(() =>
        this.client.crm.contacts.basicApi.getById(email, ['email'], undefined, undefined, false, 'email'),
      );
      return contact.id;
    } catch (error) {
      if (error instanceof CrmError && error.status === 404) return null;
      throw error;
    }
  }

  async updateContactProperties(contactId: string, properties: Record<string, string>): Promise<void> {
    await this.call(() => this.client.crm.contacts.basicApi.update(contactId, { properties }));
  }

  async createTicket(ticket: TicketInput): Promise<string> {
    const created = await this.call(() =>
      this.client.crm.tickets.basicApi.create({
        properties: {
          hs_pipeline: this.settings.ticketPipeline,
          hs_pipeline_stage: this.settings.ticketStage,
          subject: ticket.subject,
          content: ticket.content,
        },
        associations: ticket.contactId
          ? [
              {
                to: { id: ticket.contactId },
                types: [
                  { associationCategory: 'HUBSPOT_DEFINED' as never, associationTypeId: TICKET_TO_CONTACT },
                ],
              },
            ]
          : [],
      }),
    );
    return created.id;
  }

  async deleteContact(contactId: string): Promise<void> {
    try {
      await this.call(() => this.client.crm.contacts.basicApi.archive(contactId));
    } catch (error) {
      if (error instanceof CrmError && error.status === 404) return;
      throw error;
    }
  }

  /** Turns the client's ApiException into a CrmError carrying status and Retry-After. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const status = (error as { code?: number }).code;
      if (typeof status !== 'number') throw error;
      const headers = (error as { headers?: Record<string, string> }).headers ?? {};
      const retryAfter = Number(headers['retry-after'] ?? headers['Retry-After']);
      throw new CrmError(
        `HubSpot answered ${status}`,
        status,
        Number.isFinite(retryAfter) ? retryAfter : undefined,
      );
    }
  }
}

declare module './local' {
  interface LocalStandIns {
    crm: CrmGateway;
  }
}

/** HubSpot when a token is configured, else the registered stand-in, else a logged 503. */
export async function crmGateway(): Promise<CrmGateway> {
  if (!secretConfigured('HUBSPOT_TOKEN')) return localStandIn('crm', 'HUBSPOT_TOKEN');
  const accessToken = await readSecret('HUBSPOT_TOKEN');
  // Loaded on first use: the SDK is megabytes, and a function's start-up should not pay for it (issue 15).
  const { Client } = await import('@hubspot/api-client');
  // Retries are the worker's (it honours Retry-After); the client itself does not retry.
  return new HubSpotCrm(new Client({ accessToken }));
}
