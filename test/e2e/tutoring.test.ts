/** Journey 8 of issue 13: a student requests a tutoring hour (option A and doubts), finds it listed and cancels it. */

import { addDays, chileDate } from '@core/domain/chileTime';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { closeBrowser, openJourney } from './browser';
import { localLog, registeredStudent, signInWithForm } from './students';

const stack = inject('e2eStack');

afterAll(closeBrowser);

/** `miércoles, 25 de noviembre de 2026` for `2026-11-25`. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('es-CL', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

/** Clicks and waits for the page's reload (the spec reloads after a request and after a cancel). */
async function clickAndWaitForReload(page: Page, click: () => Promise<void>) {
  await Promise.all([page.waitForEvent('load'), click()]);
}

describe('tutoring', () => {
  it('requests an hour with option A and doubts, sees it listed and cancels it', async () => {
    const journey = await openJourney('tutoring');
    const { page } = journey;
    const student = await registeredStudent(stack, { firstname: 'Ignacio' });
    await signInWithForm(journey, stack, student, '/centro-estudio/tutorias');

    const allowance = page.getByRole('region', { name: 'Tus horas de tutoría' });
    await expect.poll(() => allowance.textContent()).toContain('1 hora disponible');
    expect(await page.getByText('Aún no has solicitado tutorías.', { exact: false }).count()).toBe(1);
    await journey.step('tutoring');

    const day = addDays(chileDate(new Date()), 3);
    const optionA = page.getByRole('group', { name: /^Opción A/ });
    await optionA.getByLabel('Fecha').fill(day);
    await optionA.getByLabel('Desde').fill('15:00');
    await optionA.getByLabel('Hasta').fill('16:30');
    const doubts = 'Quiero repasar inecuaciones lineales y problemas de porcentajes.';
    await page.getByLabel('¿Qué dudas quieres resolver?').fill(doubts);
    await journey.step('request-filled');
    await clickAndWaitForReload(page, () => page.getByRole('button', { name: 'Solicitar tutoría' }).click());

    const request = page.getByRole('article').filter({ hasText: doubts });
    await request.waitFor();
    expect(await request.getByText('Estado: Solicitada').count()).toBe(1);
    expect(await request.getByRole('listitem').allTextContents()).toEqual([
      `A: ${longDay(day)}, de 15:00 a 16:30`,
    ]);
    await expect.poll(() => allowance.textContent()).toContain('0 horas disponibles');
    expect(await page.getByRole('heading', { name: 'No tienes horas disponibles' }).count()).toBe(1);
    await journey.step('requested');

    // The request reached the CRM as a ticket with the student's option and doubts.
    await expect
      .poll(() => localLog(stack, 'crm-log.jsonl').filter((entry) => entry.call === 'createTicket'))
      .toContainEqual(expect.objectContaining({ content: expect.stringContaining(doubts) }));

    await request.getByRole('button', { name: 'Cancelar tutoría' }).click();
    expect(await request.getByRole('group').textContent()).toContain(
      '¿Seguro que quieres cancelar esta tutoría?',
    );
    await journey.step('confirm-cancel');
    await clickAndWaitForReload(page, () => request.getByRole('button', { name: 'Sí, cancelar' }).click());

    const cancelled = page.getByRole('article').filter({ hasText: doubts });
    await cancelled.getByText('Estado: Cancelada').waitFor();
    expect(await cancelled.getByRole('button', { name: 'Cancelar tutoría' }).count()).toBe(0);
    await expect.poll(() => allowance.textContent()).toContain('1 hora disponible');
    expect(await page.getByRole('form', { name: 'Solicitar una tutoría' }).count()).toBe(1);
    await journey.step('cancelled');
    await journey.close();
  });
});
