/** Journeys 3 and 4 of issue 13: sign-in edge cases with verification, and password recovery. */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cognitoCall, createStudent, latestCode, uniqueEmail } from '../helpers/localUsers';
import { closeBrowser, openJourney } from './browser';

const stack = inject('e2eStack');
const cognitoRejections = new RegExp(
  `^400 POST ${stack.cognitoEndpoint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
);

afterAll(closeBrowser);

describe('accounts in the browser', () => {
  it('resumes verification on an unconfirmed sign-in, shows the wrong-password message and the resend countdown', async () => {
    const journey = await openJourney('unconfirmed-sign-in');
    const { page } = journey;
    const email = uniqueEmail('sinconfirmar');
    await cognitoCall(stack, 'SignUp', {
      ClientId: stack.userPoolClientId,
      Username: email,
      Password: 'clave-segura-1',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Rosa Díaz' },
        { Name: 'phone_number', Value: '+56933334444' },
      ],
    });
    const confirmed = await createStudent(stack);
    journey.allowFailure(cognitoRejections);

    await page.goto(`${stack.webUrl}/inicio-sesion`);
    await journey.step('sign-in');
    await page.getByLabel('Correo electrónico').fill(confirmed.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Nombre de usuario o contraseña incorrectos.');
    await journey.step('wrong-password');

    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/registro/verificacion');
    await journey.step('verification');

    await page.getByRole('button', { name: 'Reenviar código' }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContainEqual(expect.stringContaining('Te enviamos un nuevo código a s***@e***.cl'));
    await expect
      .poll(() => page.getByRole('timer').textContent())
      .toMatch(/Podrás pedir otro código en (5:00|4:5\d)/);
    expect(await page.getByRole('button', { name: 'Reenviar código' }).isDisabled()).toBe(true);
    await journey.step('resent');

    await page.getByLabel('Código de verificación').fill(latestCode(stack, email, 'ResendCode'));
    await page.getByRole('button', { name: 'Verificar y continuar' }).click();
    await page.waitForURL('**/registro/completo');
    await journey.close();
  });

  it('recovers a forgotten password and signs in with the new one', async () => {
    const journey = await openJourney('password-recovery');
    const { page } = journey;
    const student = await createStudent(stack);

    await page.goto(`${stack.webUrl}/inicio-sesion`);
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL('**/inicio-sesion/recuperacion');
    await journey.step('request');
    await page.getByLabel('Correo electrónico').fill(student.email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.waitForURL('**/inicio-sesion/recuperacion/codigo');
    expect(await page.getByRole('status').allTextContents()).toContainEqual(
      `Hemos enviado un código de recuperación al correo ${student.email}×`,
    );
    await journey.step('code');

    await page.getByLabel('Código de verificación').fill(latestCode(stack, student.email, 'ForgotPassword'));
    await page.getByLabel('Nueva contraseña').fill('clave-nueva-99');
    await page.getByLabel('Repite la contraseña').fill('clave-nueva-99');
    await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
    await page.waitForURL('**/inicio-sesion');
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContainEqual(expect.stringContaining('Tu contraseña ha sido restablecida'));
    await journey.step('reset');

    await page.getByLabel('Correo electrónico').fill(student.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('clave-nueva-99');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/inicio-sesion'));
    await journey.close();
  });
});
