import { z } from 'zod';
import {
  createUserRecord,
  deleteAllUserItems,
  getProfile,
  getUserRecord,
  listUserItems,
  updateProfileFields,
} from '../data/userRepository';
import { normalizeEmail, usernameFromEmail } from '../domain/username';
import { crmGateway } from '../integrations/crm';
import { paymentsGateway } from '../integrations/payments';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors';
import { created, createModuleHandler, ok, userOperation } from '../lib/handler';
import { logger } from '../lib/logger';

const NO_RECORD = 'Aún no existe un registro para este usuario.';

const name = z.string().trim().min(1).max(80);
/** Chilean mobile numbers in E.164: +56 9 and eight digits. */
export const chileanMobile = z
  .string()
  .regex(/^\+569\d{8}$/, 'debe ser un celular chileno en formato +569XXXXXXXX');
const hubspotId = z.string().regex(/^\d{1,20}$/, 'debe ser el id numérico del contacto');

const signUpBody = z
  .object({
    firstname: name,
    lastname: name,
    email: z.string().trim().email().max(254),
    phone: chileanMobile,
    username: z.string().min(1).max(400),
    pathname: z.string().max(200).default('/'),
    hubspot_id: hubspotId.nullable().optional(),
  })
  .strict();

/** Only these two fields may be set by the student (premium, counters and Stripe ids never). */
const updateBody = z
  .object({
    email_verified: z.literal(true).optional(),
    hubspot_id: hubspotId.optional(),
  })
  .strict()
  .refine((body) => body.email_verified !== undefined || body.hubspot_id !== undefined, {
    message: 'indica email_verified o hubspot_id',
  });

/** The browser sends the ids it knows; the server uses only the ones it stored. */
const deleteBody = z
  .object({
    hsContactId: z.union([z.string(), z.number()]).nullable().optional(),
    stripeCustomerId: z.string().nullable().optional(),
  })
  .strict()
  .optional();

/** Internal key attributes say nothing to the student; the item kind is kept as `type`. */
function toExportedItem(item: Record<string, unknown>) {
  const { pk: _pk, sk, gsi1pk: _g1, gsi1sk: _g2, ...data } = item;
  return { type: String(sk).split('#')[0]?.toLowerCase(), key: sk, ...data };
}

export const operations = {
  /** All of the caller's data as JSON (Ley 21.719: access and portability). */
  exportData: userOperation({
    run: async ({ caller }) => {
      const items = await listUserItems(caller.sub);
      return {
        statusCode: 200,
        headers: {
          'content-disposition': 'attachment; filename="mis-datos-preu-paes.json"',
          'cache-control': 'no-store',
        },
        body: {
          exportedAt: new Date().toISOString(),
          account: {
            sub: caller.sub,
            email: caller.email,
            name: caller.name ?? null,
            given_name: caller.givenName ?? null,
            family_name: caller.familyName ?? null,
            phone_number: caller.phoneNumber ?? null,
          },
          items: items.map(toExportedItem),
        },
      };
    },
  }),

  getUser: userOperation({
    run: async ({ caller }) => {
      const record = await getUserRecord(caller.sub);
      if (!record) throw new NotFoundError(NO_RECORD);
      return ok(record);
    },
  }),

  signUpV2: userOperation({
    body: signUpBody,
    run: async ({ caller, body }) => {
      if (normalizeEmail(body.email) !== caller.email) {
        throw new ForbiddenError('El correo no corresponde a la sesión iniciada.');
      }
      if (body.username !== usernameFromEmail(caller.email)) {
        throw new BadRequestError('El nombre de usuario no corresponde al correo.');
      }
      const { record, created: isNew } = await createUserRecord(
        caller.sub,
        {
          email: caller.email,
          firstname: body.firstname,
          lastname: body.lastname,
          phone: body.phone,
          username: body.username,
          pathname: body.pathname,
          hubspotId: body.hubspot_id ?? null,
        },
        caller.emailVerified,
      );
      return isNew ? created(record) : ok(record);
    },
  }),

  updateUser: userOperation({
    body: updateBody,
    run: async ({ caller, body }) => {
      if (body.email_verified && !caller.emailVerified) {
        throw new ForbiddenError('Tu correo aún no está verificado.');
      }
      const record = await updateProfileFields(caller.sub, body);
      if (!record) throw new NotFoundError(NO_RECORD);
      return ok(record);
    },
  }),

  deleteAllData: userOperation({
    body: deleteBody,
    run: async ({ caller }) => {
      const profile = await getProfile(caller.sub);
      // External accounts first: if one fails the request can be retried with the stored ids intact.
      if (profile?.hubspot_id) await (await crmGateway()).deleteContact(profile.hubspot_id);
      if (profile?.stripe_customer_id)
        await (await paymentsGateway()).deleteCustomer(profile.stripe_customer_id);
      const deleted = await deleteAllUserItems(caller.sub);
      logger.info('student data deleted', { items: deleted });
      return ok({ deleted });
    },
  }),
};

export const handler = createModuleHandler('user', operations);
