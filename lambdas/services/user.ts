/**
 * The student's record (spec section 3): sign-up, the fields a student may set, lesson progress
 * and the last lesson, the data export and the deletion of everything (Ley 21.719).
 */
import type { ProgressInput, SignUpBody, UserDataExport, UserRecord } from '@core/api/user';
import type { Course } from '@core/domain/constants';
import { normalizeEmail, usernameFromEmail } from '@core/domain/username';
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
import type { Caller } from '../lib/caller';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { checkLastLesson, saveLessonProgress } from './lessonProgress';
import { readAllowance } from './tutoring';

export const NO_RECORD = 'Aún no existe un registro para este usuario.';

/**
 * The record as the routes answer it: the profile, the lesson progress of its own item
 * (`PROGRESS`), and `tutorials_available` derived from the tutoring quota as `GET /api/tutorial`
 * answers it (docs/data-model.md).
 */
async function answerOf(
  sub: string,
  record: UserRecord,
  progress?: UserRecord['progress'],
): Promise<UserRecord> {
  return {
    ...record,
    progress: progress ?? (await getLessonProgress(sub)).progress,
    tutorials_available: (await readAllowance(sub, new Date())).tutorials_available,
  };
}

/**
 * The only CRM contact a student may link to their record: the one the CRM finds for the caller's
 * own e-mail (the browser learns it from `GET /api/hubspot/contact`). A client-chosen id would let
 * a student point their record, and with it property updates, tickets and the contact deletion of
 * `deleteAllData`, at another student's contact.
 */
async function ownContactId(email: string): Promise<string | null> {
  return (await crmGateway()).findContactId(email);
}

export async function readUser(caller: Caller): Promise<UserRecord> {
  const record = await getUserRecord(caller.sub);
  if (!record) throw new NotFoundError(NO_RECORD);
  return answerOf(caller.sub, record);
}

/** Creates the record with the free tier; idempotent (`created` is false when it existed). */
export async function signUp(
  caller: Caller,
  body: SignUpBody,
): Promise<{ record: UserRecord; created: boolean }> {
  if (normalizeEmail(body.email) !== caller.email) {
    throw new ForbiddenError('El correo no corresponde a la sesión iniciada.');
  }
  if (body.username !== usernameFromEmail(caller.email)) {
    throw new BadRequestError('El nombre de usuario no corresponde al correo.');
  }
  const { record, created } = await createUserRecord(
    caller.sub,
    {
      email: caller.email,
      firstname: body.firstname,
      lastname: body.lastname,
      phone: body.phone,
      username: body.username,
      pathname: body.pathname ?? '/',
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
  return { record: await answerOf(caller.sub, record), created };
}

/** `{ progress }`: merged and checked against the free allowance (lambdas/services/lessonProgress.ts). */
export async function saveProgress(
  caller: Caller,
  course: Course | undefined,
  input: ProgressInput,
): Promise<UserRecord> {
  const { progress, profile } = await saveLessonProgress(caller, course, input);
  return answerOf(caller.sub, toUserRecord(profile), progress);
}

/** `{ email_verified: true }` (only once Cognito says so) or `{ hubspot_id }` (only the caller's own contact). */
export async function updateUser(
  caller: Caller,
  fields: { email_verified?: true | undefined; hubspot_id?: string | undefined },
): Promise<UserRecord> {
  if (fields.email_verified && !caller.emailVerified) {
    throw new ForbiddenError('Tu correo aún no está verificado.');
  }
  const { email_verified, hubspot_id } = fields;
  if (hubspot_id !== undefined) {
    const profile = await getProfile(caller.sub);
    if (!profile) throw new NotFoundError(NO_RECORD);
    if (profile.hubspot_id !== hubspot_id && (await ownContactId(caller.email)) !== hubspot_id) {
      throw new ForbiddenError('Ese contacto del CRM no corresponde a tu cuenta.');
    }
  }
  const record = await updateProfileFields(caller.sub, { email_verified, hubspot_id });
  if (!record) throw new NotFoundError(NO_RECORD);
  return answerOf(caller.sub, record);
}

/** Where the student was, `subjectId/lessonId[/submoduleId]`, once checked against the content. */
export async function saveLastLesson(caller: Caller, lastLesson: string): Promise<UserRecord> {
  await checkLastLesson(lastLesson);
  const record = await updateProfileFields(caller.sub, { last_lesson: lastLesson });
  if (!record) throw new NotFoundError(NO_RECORD);
  return answerOf(caller.sub, record);
}

/** Every item of the student, the CRM contact and the Stripe customer (by the stored ids only). */
export async function deleteAllData(caller: Caller): Promise<number> {
  const profile = await getProfile(caller.sub);
  // External accounts first: if one fails the request can be retried with the stored ids intact.
  if (profile?.hubspot_id) await (await crmGateway()).deleteContact(profile.hubspot_id);
  if (profile?.stripe_customer_id) await (await paymentsGateway()).deleteCustomer(profile.stripe_customer_id);
  const deleted = await deleteAllUserItems(caller.sub);
  logger.info('student data deleted', { items: deleted });
  return deleted;
}

/** All of the caller's data (Ley 21.719: access and portability). */
export async function exportData(caller: Caller): Promise<UserDataExport> {
  const items = await listUserItems(caller.sub);
  return {
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
  };
}

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
