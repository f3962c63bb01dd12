/** Journey 2 of issue 13: sign-up → e-mailed code → onboarding → study centre, on a phone and on a desktop. */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { latestCode, uniqueEmail } from '../helpers/localUsers';
import { closeBrowser, DESKTOP, openJourney, PHONE } from './browser';
import { localLog } from './students';

const stack = inject('e2eStack');

afterAll(closeBrowser);

describe.each([PHONE, DESKTOP])('a new student at $width×$height', (viewport) => {
  it('signs up with the form, verifies the code, completes the onboarding and finds the chosen tests in the study centre', async () => {
    const journey = await openJourney('sign-up', viewport);
    const { page } = journey;
    const email = uniqueEmail('registro');

    await page.goto(`${stack.webUrl}/`);
    await page.getByRole('link', { name: 'Crear mi cuenta gratis' }).first().click();
    await page.waitForURL('**/registro');
    await journey.step('sign-up');
    await page.getByLabel('Nombre', { exact: true }).fill('Valentina');
    await page.getByLabel('Apellido', { exact: true }).fill('Muñoz');
    // Mixed case on purpose: the e-mail is lowercased (spec section 5).
    await page.getByLabel('Correo electrónico').fill(email.replace('registro', 'Registro'));
    await page.getByLabel('Celular').fill('9 8765 4321');
    await page.getByLabel('Contraseña', { exact: true }).fill('mi-clave-segura-1');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/registro/verificacion');
    await page.getByText(`Enviamos un código de 6 dígitos a ${email}`).waitFor();
    await journey.step('verification');

    await page.getByLabel('Código de verificación').fill(latestCode(stack, email, 'SignUp'));
    await page.getByRole('button', { name: 'Verificar y continuar' }).click();
    await page.waitForURL('**/registro/completo');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Cuéntanos qué vas a rendir');
    await journey.step('onboarding');

    await page.getByRole('radio', { name: /^PAES/ }).check();
    await page.getByRole('radio', { name: 'Científico Humanista' }).check();
    const tests = page.getByRole('group', { name: '¿Qué pruebas vas a preparar?' });
    // Both compulsory tests come chosen and cannot be taken out.
    for (const compulsory of [/Competencia Lectora/, /Competencia Matemática 1/]) {
      const box = tests.getByRole('checkbox', { name: compulsory });
      expect(await box.isChecked()).toBe(true);
      expect(await box.isDisabled()).toBe(true);
    }
    await tests.getByRole('checkbox', { name: /Historia y Ciencias Sociales/ }).check();
    await tests.getByRole('checkbox', { name: /electivo Biología/ }).check();
    const sitting = page.getByRole('group', { name: '¿Cuándo la rindes?' }).getByRole('radio').first();
    const sittingLabel = await sitting.evaluate(
      (radio) => radio.closest('label')?.querySelector('.choice__label')?.textContent ?? '',
    );
    expect(sittingLabel).toMatch(/^(Verano|Invierno) \d{4}$/);
    await sitting.check();
    await page.getByRole('textbox', { name: '¿Qué puntaje quieres lograr?' }).fill('750');
    await journey.step('onboarding-filled');
    await page.getByRole('button', { name: 'Guardar y continuar' }).click();

    await page.waitForURL((url) => url.pathname === '/centro-estudio');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hola, Valentina');
    await expect.poll(() => page.getByText('Te preparas para la PAES').count()).toBe(1);
    expect(await page.getByText(`Rendición: ${sittingLabel}`).count()).toBe(1);
    expect(await page.getByText('Meta: 750 puntos').count()).toBe(1);
    const chosen = page.getByRole('heading', { name: 'Tus pruebas' }).locator('+ ul').getByRole('listitem');
    expect(await chosen.allTextContents()).toEqual([
      'Competencia Matemática 1 (M1)',
      'Competencia Lectora',
      'Historia y Ciencias Sociales',
      'Ciencias, electivo Biología',
    ]);
    await expect
      .poll(() => page.getByRole('button', { name: /^Ver detalle de / }).count())
      .toBeGreaterThan(0);
    await journey.step('study-centre');

    // The registration reached the CRM through the browser's form submission.
    expect(localLog(stack, 'crm-log.jsonl')).toContainEqual(
      expect.objectContaining({
        call: 'submitRegistrationForm',
        fields: expect.objectContaining({ email, firstname: 'Valentina', phone: '+56987654321' }),
      }),
    );
    await journey.close();
  });
});
