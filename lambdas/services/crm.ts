/**
 * The CRM routes' workflows (spec section 7): forms go straight to the CRM; property updates and
 * tickets are queued, so no student waits on HubSpot, and always name the caller's own contact.
 */
import { randomUUID } from 'node:crypto';
import type {
  ContactForm,
  ContactLookup,
  PropertyUpdate,
  RegistrationForm,
  TicketRequest,
} from '@core/api/crm';
import { CONTACT_PROPERTIES, isContactProperty } from '@core/domain/crm';
import { getProfile } from '../data/userRepository';
import { crmGateway } from '../integrations/crm';
import { queueCrmUpdate } from '../integrations/queue';
import type { Caller } from '../lib/caller';
import { BadRequestError, ForbiddenError } from '../lib/errors';

export async function submitRegistration(form: RegistrationForm): Promise<void> {
  await (await crmGateway()).submitRegistrationForm(form);
}

export async function submitContactMessage(form: ContactForm): Promise<void> {
  await (await crmGateway()).submitContactForm(form);
}

/** Only the caller's own address: the CRM is not an e-mail oracle. */
export async function findOwnContact(caller: Caller, email: string): Promise<ContactLookup> {
  if (email !== caller.email) throw new ForbiddenError('Solo puedes consultar tu propio contacto.');
  const id = await (await crmGateway()).findContactId(caller.email);
  return { exist: id !== null, contact: id ? { id } : null };
}

/** Queues an allow-listed property of the caller's contact (`hubspot_id` is the server's). */
export async function queuePropertyUpdate(caller: Caller, update: PropertyUpdate): Promise<void> {
  if (!isContactProperty(update.name) || update.name === 'hubspot_id') {
    throw new BadRequestError(`La propiedad «${update.name}» no se puede actualizar.`);
  }
  if (!CONTACT_PROPERTIES[update.name](update.value)) {
    throw new BadRequestError(`El valor no es válido para «${update.name}».`);
  }
  const profile = await getProfile(caller.sub);
  await queueCrmUpdate({
    type: 'property',
    key: randomUUID(),
    sub: caller.sub,
    email: caller.email,
    contactId: profile?.hubspot_id ?? null,
    name: update.name,
    value: update.value,
  });
}

/** Queues a ticket on the caller's contact (pipeline and stage come from configuration). */
export async function queueTicket(caller: Caller, ticket: TicketRequest): Promise<void> {
  const profile = await getProfile(caller.sub);
  await queueCrmUpdate({
    type: 'ticket',
    key: randomUUID(),
    sub: caller.sub,
    email: caller.email,
    contactId: profile?.hubspot_id ?? null,
    subject: ticket.subject,
    content: ticket.content,
  });
}
