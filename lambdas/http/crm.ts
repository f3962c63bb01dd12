/**
 * The `{crm}` routes of spec section 7 (`{crm}` = hubspot). Property updates and tickets go
 * through the CRM queue, so no student waits on HubSpot; the contact used is always the caller's.
 */
import { randomUUID } from 'node:crypto';
import { CONTACT_PROPERTIES, isContactProperty } from '@core/domain/crm';
import * as z from 'zod';
import { getProfile } from '../data/userRepository';
import { crmGateway } from '../integrations/crm';
import { crmQueue } from '../integrations/queue';
import { BadRequestError, ForbiddenError } from '../lib/errors';
import { createModuleHandler, ok, openOperation, userOperation } from '../lib/handler';
import { logger } from '../lib/logger';

const text = (max: number) => z.string().trim().max(max);

const registerBody = z
  .object({
    fields: z
      .object({
        firstname: text(80).min(1),
        lastname: text(80).min(1),
        email: z.string().trim().toLowerCase().email().max(254),
        phone: z.string().regex(/^\+569\d{8}$/, 'debe ser un celular chileno en formato +569XXXXXXXX'),
        username: text(400).min(1),
        pathname: text(200).default('/'),
      })
      .strict(),
    context: z
      .object({
        hutk: z
          .string()
          .regex(/^[a-f0-9]{32}$/i)
          .optional(),
        pageUri: z.string().url().max(500),
        pageName: text(200),
      })
      .strict(),
  })
  .strict();

/** A message of the public contact page. `website` is a field people never see: bots fill it. */
const contactBody = z
  .object({
    fields: z
      .object({
        firstname: text(80).min(1),
        lastname: text(80).min(1),
        email: z.string().trim().toLowerCase().email().max(254),
        phone: z
          .string()
          .regex(/^\+569\d{8}$/, 'debe ser un celular chileno en formato +569XXXXXXXX')
          .optional(),
        message: text(5000).min(10),
      })
      .strict(),
    context: registerBody.shape.context,
    website: z.string().max(200).optional(),
  })
  .strict();

const contactQuery = z.object({ email: z.string().trim().toLowerCase().email() }).strict();

const propertyBody = z
  .object({
    name: z.string().min(1).max(60),
    value: z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v)),
    /** Ignored: the server uses the caller's own contact. */
    contactId: z.union([z.string(), z.number()]).nullable().optional(),
  })
  .strict();

const ticketBody = z
  .object({
    /** Ignored: pipeline and stage come from configuration. */
    pipeline: z.union([z.string(), z.number()]).optional(),
    stage: z.union([z.string(), z.number()]).optional(),
    subject: text(200).min(1),
    content: text(5000).min(1),
    contactId: z.union([z.string(), z.number()]).nullable().optional(),
  })
  .strict();

const accepted = (body: unknown) => ({ statusCode: 202, body });

export const operations = {
  submitRegistration: openOperation({
    body: registerBody,
    run: async ({ body }) => {
      await (await crmGateway()).submitRegistrationForm(body);
      return ok({ submitted: true });
    },
  }),

  /** `/contacto`: no session needed; the message reaches the CRM's contact form. */
  submitContact: openOperation({
    body: contactBody,
    run: async ({ body }) => {
      const { website, ...form } = body;
      if (website) {
        logger.info('contact form honeypot filled: message dropped');
        return ok({ submitted: true });
      }
      await (await crmGateway()).submitContactForm(form);
      return ok({ submitted: true });
    },
  }),

  getContact: userOperation({
    query: contactQuery,
    run: async ({ caller, query }) => {
      // Only the caller's own address: the CRM is not an e-mail oracle.
      if (query.email !== caller.email) throw new ForbiddenError('Solo puedes consultar tu propio contacto.');
      const id = await (await crmGateway()).findContactId(caller.email);
      return ok({ exist: id !== null, contact: id ? { id } : null });
    },
  }),

  updateContact: userOperation({
    body: propertyBody,
    run: async ({ caller, body }) => {
      if (!isContactProperty(body.name) || body.name === 'hubspot_id') {
        throw new BadRequestError(`La propiedad «${body.name}» no se puede actualizar.`);
      }
      if (!CONTACT_PROPERTIES[body.name](body.value)) {
        throw new BadRequestError(`El valor no es válido para «${body.name}».`);
      }
      const profile = await getProfile(caller.sub);
      await crmQueue().send({
        type: 'property',
        key: randomUUID(),
        sub: caller.sub,
        email: caller.email,
        contactId: profile?.hubspot_id ?? null,
        name: body.name,
        value: body.value,
      });
      return accepted({ queued: true });
    },
  }),

  createTicket: userOperation({
    body: ticketBody,
    run: async ({ caller, body }) => {
      const profile = await getProfile(caller.sub);
      await crmQueue().send({
        type: 'ticket',
        key: randomUUID(),
        sub: caller.sub,
        email: caller.email,
        contactId: profile?.hubspot_id ?? null,
        subject: body.subject,
        content: body.content,
      });
      return accepted({ queued: true });
    },
  }),
};

export const handler = createModuleHandler('crm', operations);
