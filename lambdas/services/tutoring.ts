/**
 * Tutoring hours (spec sections 4, 5, 7): the student's requests and allowance, a new request
 * (which uses an hour and announces itself to the CRM) and its cancel, with the follow-up a cancel
 * cut short by an outage leaves for later (docs/decisions.md 22).
 */
import type {
  TutoringChange,
  TutoringOverview,
  TutoringRequestBody,
  TutoringRequestView,
} from '@core/api/tutoring';
import {
  allowanceRenewal,
  cancellationTicket,
  hoursAvailable,
  quotaPeriod,
  type TicketStudent,
  type TutoringProblem,
  tutoringTicket,
  validateTutoringRequest,
} from '@core/domain/tutoring';
import { timeOrderedId } from '../data/ids';
import {
  cancelByStudent,
  deleteTutoringRequest,
  finishCancelFollowUp,
  listTutoringRequests,
  newTutoringRequestItem,
  putTutoringRequest,
  readQuota,
  returnQuotaHour,
  spendQuotaHour,
  type TutoringRequestItem,
  toTutoringRequestView,
} from '../data/tutoringRepository';
import { getProfile, type ProfileItem } from '../data/userRepository';
import { queueCrmUpdate } from '../integrations/queue';
import type { Caller } from '../lib/caller';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../lib/errors';
import { logger } from '../lib/logger';

const NOT_FOUND = 'No encontramos esa solicitud de tutoría.';

/**
 * The allowance now: hours left this month (Chile time) and when it renews. It is read from the
 * quota item, never stored elsewhere, so the month boundary needs no write to take effect. The
 * one place the rule is applied: the tutoring routes and the user record both read it here.
 */
export async function readAllowance(
  sub: string,
  now: Date,
): Promise<Pick<TutoringOverview, 'tutorials_available' | 'end_date'>> {
  const period = quotaPeriod(now);
  const quota = await readQuota(sub, period.year);
  return {
    tutorials_available: hoursAvailable(quota, period.month),
    end_date: allowanceRenewal(quota, now).toISOString(),
  };
}

/** Server-side wording of each validation problem (the web shows its own, in web/src/i18n). */
export const PROBLEM_MESSAGES: Record<TutoringProblem, string> = {
  required: 'es obligatorio',
  invalidDate: 'no es una fecha válida',
  invalidTime: 'no es una hora válida (HH:MM)',
  past: 'ya pasó',
  tooFarAhead: 'está a más de 60 días',
  beforeOpening: 'es antes de las 08:00',
  afterClosing: 'es después de las 22:00',
  endBeforeStart: 'debe ser posterior al inicio',
  tooShort: 'el horario debe durar al menos una hora',
  duplicate: 'repite otra opción',
  tooLong: 'es demasiado largo',
};

/** The student's requests, hours left and renewal date (finishing any interrupted cancel). */
export async function tutoringOverview(caller: Caller, now: Date): Promise<TutoringOverview> {
  const { sub } = caller;
  const items = await listTutoringRequests(sub);
  // A cancel cut short (a 503 after its write) is finished here: the page reads the list after
  // every cancel, and the student cannot repeat one the list already shows as cancelled.
  for (const item of items.filter((i) => i.cancelFollowUp)) {
    try {
      await finishCancel(caller, item, now);
      delete item.cancelFollowUp;
    } catch (error) {
      logger.warn('could not finish an interrupted cancel; the next read tries again', {
        tutorialId: item.id,
        error: error as Error,
      });
    }
  }
  return {
    tutorials: items.map((item) => toTutoringRequestView(item, now)),
    ...(await readAllowance(sub, now)),
  };
}

/** Who the ticket is about: the sign-up details, else the token's claims. */
function ticketStudent(caller: Caller, profile: ProfileItem | null): TicketStudent {
  const fromProfile = [profile?.firstname, profile?.lastname].filter(Boolean).join(' ');
  const fromToken = caller.name ?? [caller.givenName, caller.familyName].filter(Boolean).join(' ');
  return {
    name: fromProfile || fromToken || caller.email,
    email: caller.email,
    phone: profile?.phone ?? caller.phoneNumber ?? null,
  };
}

const reference = (sub: string, id: string) => `${sub}/${id}`;

/** Requests an hour: validated, one hour used (conditional write), stored, and its ticket queued. */
export async function requestTutoring(caller: Caller, body: TutoringRequestBody): Promise<TutoringChange> {
  const now = new Date();
  const problems = validateTutoringRequest(body, now);
  const fields = Object.entries(problems) as [string, TutoringProblem][];
  if (fields.length > 0) {
    const issues = fields.map(([field, problem]) => ({
      path: field === 'doubts' ? 'doubts' : `scheduleOptions.${field}`,
      problem,
      message: PROBLEM_MESSAGES[problem],
    }));
    const first = issues[0] as (typeof issues)[number];
    throw new BadRequestError(`Datos inválidos (campo «${first.path}»): ${first.message}.`, { issues });
  }

  // Read before anything is written: a failed read must not leave a request without its ticket.
  const profile = await getProfile(caller.sub);
  const period = quotaPeriod(now);
  const id = timeOrderedId(now.getTime());
  if (!(await spendQuotaHour(caller.sub, period, id))) {
    throw new ConflictError('No tienes horas de tutoría disponibles en este momento.', {
      ...(await readAllowance(caller.sub, now)),
    });
  }
  const item = newTutoringRequestItem(caller.sub, {
    id,
    scheduleOptions: body.scheduleOptions,
    doubts: body.doubts,
    period,
    now,
  });
  try {
    await putTutoringRequest(item);
  } catch (error) {
    await returnQuotaHour(caller.sub, period, id);
    throw error;
  }

  const ticket = tutoringTicket(ticketStudent(caller, profile), item, reference(caller.sub, id));
  try {
    await queueCrmUpdate({
      type: 'ticket',
      key: `tutorial-${id}`,
      sub: caller.sub,
      email: caller.email,
      contactId: profile?.hubspot_id ?? null,
      ...ticket,
    });
  } catch (error) {
    // Without its ticket nobody would schedule the request: undo it, hour included.
    logger.error('tutoring ticket could not be queued; request undone', { error: error as Error });
    await deleteTutoringRequest(caller.sub, id);
    await returnQuotaHour(caller.sub, period, id);
    throw new ServiceUnavailableError();
  }
  logger.info('tutoring requested', { tutorialId: id });
  return { tutorial: toTutoringRequestView(item, now), ...(await readAllowance(caller.sub, now)) };
}

/** Cancels the student's own request and finishes its follow-up (hour back, operators told). */
export async function cancelTutoring(caller: Caller, tutorialId: string): Promise<TutoringChange> {
  const now = new Date();
  // The key is built from the caller's own partition: another student's id is simply absent.
  const result = await cancelByStudent(caller.sub, tutorialId, now);
  if (result.outcome === 'notFound') throw new NotFoundError(NOT_FOUND);
  if (result.outcome === 'notCancellable') {
    throw new ConflictError('Esta tutoría ya no se puede cancelar.', {
      tutorial: toTutoringRequestView(result.item, now),
    });
  }
  const item: TutoringRequestItem = result.item;
  if (result.outcome === 'cancelled') logger.info('tutoring cancelled', { tutorialId: item.id });
  // Also on a repeated cancel: it finishes one interrupted before the hour came back.
  await finishCancel(caller, item, now);
  const tutorial: TutoringRequestView = toTutoringRequestView(item, now);
  return { tutorial, ...(await readAllowance(caller.sub, now)) };
}

/**
 * What follows a student's cancel write: the hour back (once per request, whatever is repeated)
 * and, while the follow-up is pending, the operators' notice (the worker creates that ticket once,
 * by its key) before the follow-up is cleared. Any failure leaves the follow-up for the next try.
 */
async function finishCancel(caller: Caller, item: TutoringRequestItem, now: Date): Promise<void> {
  await returnQuotaHour(caller.sub, { year: item.quotaYear, month: item.quotaMonth }, item.id);
  if (!item.cancelFollowUp) return;
  await announceCancel(caller, item);
  await finishCancelFollowUp(caller.sub, item.id, now);
}

/** Tells the operators, so nobody schedules a cancelled request; a failure is a 503 (retried). */
async function announceCancel(caller: Caller, item: TutoringRequestItem): Promise<void> {
  try {
    const profile = await getProfile(caller.sub);
    const ticket = cancellationTicket(
      ticketStudent(caller, profile),
      { scheduleOptions: item.scheduleOptions, scheduledAt: item.scheduledAt ?? null },
      reference(caller.sub, item.id),
    );
    await queueCrmUpdate({
      type: 'ticket',
      key: `tutorial-cancel-${item.id}`,
      sub: caller.sub,
      email: caller.email,
      contactId: profile?.hubspot_id ?? null,
      ...ticket,
    });
  } catch (error) {
    logger.error('tutoring cancel ticket could not be queued', {
      tutorialId: item.id,
      error: error as Error,
    });
    throw new ServiceUnavailableError();
  }
}
