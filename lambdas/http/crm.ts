/**
 * The `{crm}` routes of spec section 7 (`{crm}` = hubspot; workflows in
 * lambdas/services/crm.ts, requests in core/api/crm.ts).
 */
import { contactBody, contactQuery, propertyBody, registerBody, ticketBody } from '@core/api/crm';
import { createModuleHandler, ok, openOperation, userOperation } from '../lib/handler';
import { logger } from '../lib/logger';
import {
  findOwnContact,
  queuePropertyUpdate,
  queueTicket,
  submitContactMessage,
  submitRegistration,
} from '../services/crm';

const accepted = (body: unknown) => ({ statusCode: 202, body });

export const operations = {
  submitRegistration: openOperation({
    body: registerBody,
    run: async ({ body }) => {
      await submitRegistration(body);
      return ok({ submitted: true });
    },
  }),

  /** `/contacto`: no session needed; the message reaches the CRM's contact form. */
  submitContact: openOperation({
    body: contactBody,
    run: async ({ body }) => {
      const { website, ...form } = body;
      if (website) logger.info('contact form honeypot filled: message dropped');
      else await submitContactMessage(form);
      return ok({ submitted: true });
    },
  }),

  getContact: userOperation({
    query: contactQuery,
    run: async ({ caller, query }) => ok(await findOwnContact(caller, query.email)),
  }),

  updateContact: userOperation({
    body: propertyBody,
    run: async ({ caller, body }) => {
      await queuePropertyUpdate(caller, body);
      return accepted({ queued: true });
    },
  }),

  createTicket: userOperation({
    body: ticketBody,
    run: async ({ caller, body }) => {
      await queueTicket(caller, body);
      return accepted({ queued: true });
    },
  }),
};

export const handler = createModuleHandler('crm', operations);
