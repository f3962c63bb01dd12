import type { UserRecord } from '@core/domain/user';
import { normalizeEmail, usernameFromEmail } from '@core/domain/username';
import * as z from 'zod';
import { getLessonProgress } from '../data/progressRepository';
import {
  createUserRecord,
  deleteAllUserItems,
  getProfile,
  getUserRecord,
  listUserItems,
  toUserRecord,
  updateProfileFields,
} from '../data/userRepository';
import { crmGateway } from '../integrations/crm';
import { paymentsGateway } from '../integrations/payments';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors';
import { created, createModuleHandler, ok, userOperation } from '../lib/handler';
import { logger } from '../lib/logger';
import { readAllowance } from '../services/tutoring';
import {
  checkLastLesson,
  courseQuery,
  lastLessonBody,
  progressInput,
  saveLessonProgress,
} from './lessonProgress';

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

/**
 * Only these fields may be set by the student (premium, counters and Stripe ids never).
 * `progress` (spec: `POST /api/user?course`) is saved on its own, merged and checked against the
 * free allowance (lambdas/http/lessonProgress.ts).
 */
const updateBody = z
  .object({
    email_verified: z.literal(true).optional(),
    hubspot_id: hubspotId.optional(),
    progress: progressInput.optional(),
  })
  .strict()
  .refine(
    (body) =>
      body.progress !== undefined
        ? body.email_verified === undefined && body.hubspot_id === undefined
        : body.email_verified !== undefined || body.hubspot_id !== undefined,
    { message: 'indica email_verified o hubspot_id, o bien solo progress' },
  );

/** The browser sends the ids it knows; the server uses only the ones it stored. */
const deleteBody = z
  .object({
    hsContactId: z.union([z.string(), z.number()]).nullable().optional(),
    stripeCustomerId: z.string().nullable().optional(),
  })
  .strict()
  .optional();

/** `tutorials_available` is derived from the tutoring quota, as `GET /api/tutorial` answers it (docs/data-model.md). */
const withTutorialsAvailable = async (sub: string, record: UserRecord): Promise<UserRecord> => ({
  ...record,
  tutorials_available: (await readAllowance(sub, new Date())).tutorials_available,
});

/**
 * The only CRM contact a student may link to their record: the one the CRM finds for the caller's
 * own e-mail (the browser learns it from `GET /api/hubspot/contact`). A client-chosen id would let
 * a student point their record, and with it property updates, tickets and the contact deletion of
 * `deleteAllData`, at another student's contact.
 */
async function ownContactId(email: string): Promise<string | null> {
  return (await crmGateway()).findContactId(email);
}

/** The lesson progress lives in its own item (`PROGRESS`), not in the profile. */
const withLessonProgress = async (sub: string, record: UserRecord): Promise<UserRecord> => ({
  ...record,
  progress: (await getLessonProgress(sub)).progress,
});

/** Internal key attributes say nothing to the student; the item kind is kept as `type`. */
function toExportedItem(item: Record<string, unknown>) {
  const { pk: _pk, sk, gsi1pk: _g1, gsi1sk: _g2, ...data } = item;
  return { type: String(sk).split('#')[0]?.toLowerCase(), key: sk, ...(plainJson(data) as object) };
}

/** DynamoDB sets arrive as `Set`, which JSON would turn into `{}`: export them as arrays. */
function plainJson(value: unknown): unknown {
  if (value instanceof Set) return [...value].map(plainJson);
  if (Array.isArray(value)) return value.map(plainJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plainJson(inner)]));
  }
  return value;
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
      return ok(await withTutorialsAvailable(caller.sub, await withLessonProgress(caller.sub, record)));
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
          // Sign-up never fails on the CRM: an unconfirmed id is left out and found later by e-mail.
          hubspotId: body.hubspot_id
            ? await ownContactId(caller.email).then(
                (own) => (own === body.hubspot_id ? own : null),
                (error) => {
                  logger.warn('CRM contact id not confirmed at sign-up', { error: error as Error });
                  return null;
                },
              )
            : null,
        },
        caller.emailVerified,
      );
      const answer = await withTutorialsAvailable(caller.sub, await withLessonProgress(caller.sub, record));
      return isNew ? created(answer) : ok(answer);
    },
  }),

  updateUser: userOperation({
    body: updateBody,
    query: courseQuery,
    run: async ({ caller, body, query }) => {
      if (body.progress) {
        const { progress, profile } = await saveLessonProgress(caller, query.course, body.progress);
        return ok(await withTutorialsAvailable(caller.sub, { ...toUserRecord(profile), progress }));
      }
      if (body.email_verified && !caller.emailVerified) {
        throw new ForbiddenError('Tu correo aún no está verificado.');
      }
      const { email_verified, hubspot_id } = body;
      if (hubspot_id !== undefined) {
        const profile = await getProfile(caller.sub);
        if (!profile) throw new NotFoundError(NO_RECORD);
        if (profile.hubspot_id !== hubspot_id && (await ownContactId(caller.email)) !== hubspot_id) {
          throw new ForbiddenError('Ese contacto del CRM no corresponde a tu cuenta.');
        }
      }
      const record = await updateProfileFields(caller.sub, { email_verified, hubspot_id });
      if (!record) throw new NotFoundError(NO_RECORD);
      return ok(await withTutorialsAvailable(caller.sub, await withLessonProgress(caller.sub, record)));
    },
  }),

  /** `POST /api/user/lastLesson`: where the student was, `subjectId/lessonId[/submoduleId]`. */
  saveLastLesson: userOperation({
    body: lastLessonBody,
    run: async ({ caller, body }) => {
      await checkLastLesson(body.lastLesson);
      const record = await updateProfileFields(caller.sub, { last_lesson: body.lastLesson });
      if (!record) throw new NotFoundError(NO_RECORD);
      return ok(await withTutorialsAvailable(caller.sub, await withLessonProgress(caller.sub, record)));
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
