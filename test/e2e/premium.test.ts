/**
 * Journey 7 of issue 13: premium through the local Stripe pages — pay, see the premium badge and
 * every lesson open, cancel in the portal, and be a free student again.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import subject from '../../content/subjects/numeros-algebra-funciones.json';
import { closeBrowser, openJourney } from './browser';
import { localLog, registeredStudent, signInWithForm } from './students';

const stack = inject('e2eStack');

afterAll(closeBrowser);

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const lessonBadges = (page: Page) => page.locator('.sc-lesson .sc-badge').allTextContents();

async function openSubject(page: Page) {
  await page.getByRole('link', { name: 'Centro de estudio' }).click();
  await page.getByRole('button', { name: `Ver detalle de ${subject.title}` }).click();
  await page.waitForURL(`**/centro-estudio/asignaturas/${subject.id}`);
  await expect.poll(() => h1(page)).toBe(subject.title);
}

describe('premium', () => {
  it('pays on the local checkout, gets premium and every lesson, cancels in the portal and is free again', async () => {
    const journey = await openJourney('premium');
    const { page } = journey;
    const student = await registeredStudent(stack, { firstname: 'Tomás' });
    const paymentsUrl = stack.paymentsUrl;
    if (!paymentsUrl) throw new Error('The local payment pages are not running (is a Stripe key set?)');
    await signInWithForm(journey, stack, student, '/planes-y-precios');

    await page.getByText('Tu plan actual').waitFor();
    await journey.step('pricing');
    await page.getByRole('button', { name: 'Elegir plan mensual' }).click();
    await page.waitForURL(`${paymentsUrl}/checkout/**`);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe(
      'Plan mensual — Preu PAES Premium',
    );
    expect(await page.getByText(`Cuenta: ${student.email}`).count()).toBe(1);
    await journey.step('checkout');

    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL((url) => url.pathname === '/centro-estudio/cuenta');
    const plan = page.getByRole('region', { name: 'Mi plan' });
    await plan.getByText('¡Listo! Tu plan Premium está activo.').waitFor();
    expect(await plan.getByText('Premium mensual').count()).toBe(1);
    expect(await plan.getByText('Activo', { exact: true }).count()).toBe(1);
    expect(await plan.getByText('Próxima renovación').count()).toBe(1);
    // The success address is not kept: a reload must not wait for a payment again.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await journey.step('premium');
    expect(localLog(stack, 'payments-log.jsonl')).toContainEqual(
      expect.objectContaining({ call: 'webhook', type: 'checkout.session.completed', status: 200 }),
    );

    await page.getByRole('link', { name: 'Centro de estudio' }).click();
    await expect.poll(() => page.locator('.sc-badge--premium').textContent()).toBe('Premium');
    expect(await page.getByText('Tienes acceso a todas las lecciones, sin límite.').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Pásate a Premium' }).count()).toBe(0);
    await journey.step('study-centre-premium');

    await openSubject(page);
    expect(await page.getByText('Premium: todas las lecciones abiertas.').count()).toBe(1);
    expect(await lessonBadges(page)).toEqual(Array(subject.lessons.length).fill('Disponible'));
    const lastLesson = subject.lessons.at(-1);
    await page.getByRole('button', { name: `Estudiar: ${lastLesson?.submodules[0]?.title}` }).click();
    await expect.poll(() => h1(page)).toBe(lastLesson?.submodules[0]?.title);
    expect(await page.getByRole('button', { name: 'Ir a la trivia' }).count()).toBe(1);
    await journey.step('lessons-unlocked');

    // Cancel at once in the portal; back in the app the plan is the free one again.
    await page.getByRole('link', { name: 'Mi cuenta' }).click();
    await page.getByRole('button', { name: 'Administrar suscripción' }).click();
    await page.waitForURL(`${paymentsUrl}/portal/**`);
    await journey.step('portal');
    await page.getByRole('button', { name: 'Cancelar ahora' }).click();
    await page.getByText('Tu suscripción fue cancelada.').waitFor();
    await page.getByRole('link', { name: 'Volver a Preu PAES' }).click();
    await page.waitForURL((url) => url.pathname === '/centro-estudio/cuenta');
    await plan.getByText('Plan gratuito').waitFor();
    expect(await plan.getByRole('link', { name: 'Ver planes Premium' }).count()).toBe(1);
    expect(await plan.getByRole('button', { name: 'Ver pagos y facturas' }).count()).toBe(1);
    await journey.step('free-again');

    await openSubject(page);
    await expect
      .poll(() => lessonBadges(page))
      .toEqual(['Disponible', 'Disponible', 'Disponible', 'Premium', 'Premium']);
    await journey.step('lessons-locked');
    await journey.close();
  });
});
