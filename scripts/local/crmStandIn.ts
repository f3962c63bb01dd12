/**
 * The local HubSpot, registered by the local stack (`registerLocal('crm', new LocalCrm())`) when no
 * HUBSPOT_TOKEN is configured. Never deployed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ContactForm, RegistrationForm } from '@core/api/crm';
import { CrmError, type CrmGateway, type TicketInput } from '../../lambdas/integrations/crm';
import { readConfig } from '../../lambdas/lib/config';
import { appendLocalLog } from './localLog';

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
