/**
 * The CRM (HubSpot) behind a small interface: the real API through `@hubspot/api-client` when a
 * token is configured, otherwise a local adapter that records every call in `crm-log.jsonl` and
 * keeps a local contact list, so the same flows run without HubSpot.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@hubspot/api-client';
import { readConfig } from '../lib/config';
import { readSecret, secretConfigured } from '../lib/secrets';
import { appendLocalLog } from './localLog';

export interface RegistrationForm {
  fields: {
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
    username: string;
    pathname: string;
  };
  context: { hutk?: string | undefined; pageUri: string; pageName: string };
}

/** A message from the public contact page (/contacto). */
export interface ContactForm {
  fields: {
    firstname: string;
    lastname: string;
    email: string;
    phone?: string | undefined;
    message: string;
  };
  context: { hutk?: string | undefined; pageUri: string; pageName: string };
}

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

/** The file whose presence makes the local HubSpot fail every call (LOCAL_LOG_DIR/crm-outage). */
export const LOCAL_CRM_OUTAGE_FILE = 'crm-outage';

/**
 * The local HubSpot: each call is one line of `crm-log.jsonl`; contacts created by the
 * registration form live in `crm-contacts.json`, so lookups behave as they would in HubSpot.
 *
 * Outage switch, local stack only: while `<LOCAL_LOG_DIR>/crm-outage` exists every call fails as
 * HubSpot would when it is down (a CrmError with the status written in the file, 503 when empty;
 * `429` plays throttling). Each refused call is logged as `{ call: 'unavailable', attempted }`.
 * `touch .local/crm-outage` to start an outage, `rm .local/crm-outage` to end it.
 */
export class LocalCrm implements CrmGateway {
  private readonly dir = process.env.LOCAL_LOG_DIR ?? '.local';
  private readonly contactsFile = path.join(this.dir, 'crm-contacts.json');

  async submitRegistrationForm(form: RegistrationForm): Promise<void> {
    this.failDuringOutage('submitRegistrationForm');
    const contacts = this.contacts();
    const email = form.fields.email.toLowerCase();
    contacts[email] ??= this.newContactId(contacts);
    writeFileSync(this.contactsFile, JSON.stringify(contacts, null, 2));
    appendLocalLog('crm-log.jsonl', { call: 'submitRegistrationForm', contactId: contacts[email], ...form });
  }

  async submitContactForm(form: ContactForm): Promise<void> {
    this.failDuringOutage('submitContactForm');
    appendLocalLog('crm-log.jsonl', { call: 'submitContactForm', ...form });
  }

  async findContactId(email: string): Promise<string | null> {
    this.failDuringOutage('findContactId');
    const id = this.contacts()[email.toLowerCase()] ?? null;
    appendLocalLog('crm-log.jsonl', { call: 'findContactId', email, found: id });
    return id;
  }

  async updateContactProperties(contactId: string, properties: Record<string, string>): Promise<void> {
    this.failDuringOutage('updateContactProperties');
    appendLocalLog('crm-log.jsonl', { call: 'updateContactProperties', contactId, properties });
  }

  async createTicket(ticket: TicketInput): Promise<string> {
    this.failDuringOutage('createTicket');
    const { ticketPipeline, ticketStage } = readConfig().crm;
    const id = `local-ticket-${Date.now()}-${randomBytes(3).toString('hex')}`;
    appendLocalLog('crm-log.jsonl', {
      call: 'createTicket',
      id,
      pipeline: ticketPipeline,
      stage: ticketStage,
      ...ticket,
    });
    return id;
  }

  async deleteContact(contactId: string): Promise<void> {
    this.failDuringOutage('deleteContact');
    const contacts = this.contacts();
    for (const [email, id] of Object.entries(contacts)) if (id === contactId) delete contacts[email];
    if (existsSync(this.contactsFile)) writeFileSync(this.contactsFile, JSON.stringify(contacts, null, 2));
    appendLocalLog('crm-log.jsonl', { call: 'deleteContact', contactId });
  }

  private contacts(): Record<string, string> {
    return existsSync(this.contactsFile) ? JSON.parse(readFileSync(this.contactsFile, 'utf8')) : {};
  }

  /**
   * Numeric like HubSpot's and never reused: time-based, above every id in the file (counting the
   * file's entries, as before, gave a deleted contact's id to the next student).
   */
  private newContactId(contacts: Record<string, string>): string {
    const highest = Math.max(0, ...Object.values(contacts).map(Number).filter(Number.isSafeInteger));
    return String(Math.max(highest + 1, Date.now() * 1000));
  }

  private failDuringOutage(attempted: string): void {
    const flag = path.join(this.dir, LOCAL_CRM_OUTAGE_FILE);
    if (!existsSync(flag)) return;
    const status = Number(readFileSync(flag, 'utf8').trim()) || 503;
    appendLocalLog('crm-log.jsonl', { call: 'unavailable', attempted, status });
    throw new CrmError(`HubSpot answered ${status} (local outage switch ${flag})`, status, 1);
  }
}

export async function crmGateway(): Promise<CrmGateway> {
  if (!secretConfigured('HUBSPOT_TOKEN')) return new LocalCrm();
  const accessToken = await readSecret('HUBSPOT_TOKEN');
  // Loaded on first use: the SDK is megabytes, and a function's start-up should not pay for it (issue 15).
  const { Client } = await import('@hubspot/api-client');
  // Retries are the worker's (it honours Retry-After); the client itself does not retry.
  return new HubSpotCrm(new Client({ accessToken }));
}
