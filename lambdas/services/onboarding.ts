/**
 * `POST /api/onboarding`: the student's course, profile, tests, sitting and target points,
 * checked against the catalogue loaded in DynamoDB, stored on the user record, and the course
 * queued for the CRM (`prueba_de_acceso_elegida`).
 */
import { randomUUID } from 'node:crypto';
import type { UserRecord } from '@core/api/user';
import {
  chileToday,
  type OnboardingCatalogue,
  type OnboardingChoice,
  type OnboardingIssue,
  validateOnboarding,
} from '@core/domain/onboarding';
import { loadOnboardingCatalogue } from '../data/catalogueRepository';
import { updateProfileFields } from '../data/userRepository';
import { queueCrmUpdate } from '../integrations/queue';
import type { Caller } from '../lib/caller';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../lib/errors';
import { logger } from '../lib/logger';

const COURSE_NAMES = { paes: 'la PAES', pdt: 'la PDT' } as const;

/** The Spanish message of a broken rule (the web shows its own, from web/src/i18n/onboarding.ts). */
export function onboardingIssueMessage(issue: OnboardingIssue, catalogue: OnboardingCatalogue): string {
  const titles = (slugs: string[]) =>
    slugs.map((s) => catalogue.tests.find((t) => t.slug === s)?.title ?? s).join(', ');
  switch (issue.field) {
    case 'course':
      return 'El curso debe ser PAES o PDT.';
    case 'profile':
      return 'El perfil no corresponde al curso elegido.';
    case 'selectedTests':
      if (issue.code === 'notOffered')
        return `Estas pruebas no se ofrecen para tu perfil: ${titles(issue.slugs)}.`;
      if (issue.code === 'compulsoryMissing')
        return `Estas pruebas son obligatorias: ${titles(issue.slugs)}.`;
      if (issue.code === 'duplicate') return 'Hay pruebas repetidas en la selección.';
      return 'Elige al menos una prueba.';
    case 'date':
      return issue.code === 'missing'
        ? 'Elige la fecha en que rendirás la prueba.'
        : 'La fecha elegida no está entre las rendiciones disponibles.';
    case 'targetPoints':
      return `El puntaje meta para ${COURSE_NAMES[catalogue.course.id]} debe ser un número entero entre ${issue.min} y ${issue.max}.`;
  }
}

/** Checks the choice against the catalogue, stores it on the user record and queues the course for the CRM. */
export async function saveOnboarding(caller: Caller, choice: OnboardingChoice): Promise<UserRecord> {
  const catalogue = await loadOnboardingCatalogue(choice.course);
  if (!catalogue) {
    logger.error('course catalogue missing from the content table', { course: choice.course });
    throw new ServiceUnavailableError();
  }
  const issues = validateOnboarding(choice, catalogue, chileToday());
  const [first] = issues;
  if (first) {
    throw new BadRequestError(onboardingIssueMessage(first, catalogue), {
      issues: issues.map((issue) => ({ ...issue, message: onboardingIssueMessage(issue, catalogue) })),
    });
  }
  const record = await updateProfileFields(caller.sub, { onboarding: choice });
  if (!record) throw new NotFoundError('Aún no existe un registro para este usuario.');
  try {
    await queueCrmUpdate({
      type: 'property',
      key: randomUUID(),
      sub: caller.sub,
      email: caller.email,
      contactId: record.hubspot_id,
      name: 'prueba_de_acceso_elegida',
      value: choice.course,
    });
  } catch (error) {
    // The onboarding is saved; a lost CRM update is only logged (spec section 8).
    logger.error('could not queue the CRM update of prueba_de_acceso_elegida', { error: error as Error });
  }
  return record;
}
