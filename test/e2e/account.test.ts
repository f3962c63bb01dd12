/**
 * Journey 9 of issue 13: the account page — download my data (issue 27), update the name, change
 * the password, sign out, sign in with the new password, delete the account (with the download
 * offered again), and no longer be able to sign in.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { apiCall, signIn } from '../helpers/localUsers';
import { closeBrowser, openJourney } from './browser';
import { escapeRegExp, registeredStudent, signInWithForm } from './students';

const stack = inject('e2eStack');

afterAll(closeBrowser);

const toasts = (page: Page) => page.getByRole('region', { name: 'Avisos' });

describe('the account page', () => {
  it('updates the name, changes the password, signs out and in again, deletes the account', async () => {
    const journey = await openJourney('account');
    const { page } = journey;
    const student = await registeredStudent(stack, { firstname: 'Sofía' });
    journey.allowFailure(new RegExp(`^400 POST ${escapeRegExp(stack.cognitoEndpoint)}`));
    await signInWithForm(journey, stack, student, '/centro-estudio/cuenta');

    const personal = page.getByRole('form', { name: 'Datos personales' });
    await expect.poll(() => personal.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Sofía');
    expect(await personal.getByLabel('Apellido', { exact: true }).inputValue()).toBe('Rojas');
    expect(await personal.getByLabel('Correo electrónico').inputValue()).toBe(student.email);
    await journey.step('account');

    // Descargar mis datos (issue 27): the export, saved as a dated JSON file.
    const myData = page.getByRole('region', { name: 'Tus datos' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      myData.getByRole('button', { name: 'Descargar mis datos' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mis-datos-preu-paes-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path()) as string, 'utf8')) as {
      account: { email: string; given_name: string };
      items: unknown[];
    };
    expect(exported.account.email).toBe(student.email);
    expect(exported.items.length).toBeGreaterThan(0);
    await expect.poll(() => myData.getByRole('status').textContent()).toContain('Listo: descargaste');
    await journey.step('data-downloaded');

    // Name: saved in the user pool, then the page reloads and shows it.
    await personal.getByLabel('Nombre', { exact: true }).fill('Sofía Antonia');
    await personal.getByLabel('Apellido', { exact: true }).fill('Rojas Pérez');
    await Promise.all([
      page.waitForEvent('load'),
      personal.getByRole('button', { name: 'Guardar cambios' }).click(),
    ]);
    await expect
      .poll(() => personal.getByLabel('Nombre', { exact: true }).inputValue())
      .toBe('Sofía Antonia');
    expect(await personal.getByLabel('Apellido', { exact: true }).inputValue()).toBe('Rojas Pérez');
    await journey.step('name-updated');

    // Password: the wrong current password is refused, the right one changes it.
    const passwordForm = page.getByRole('form', { name: 'Cambiar contraseña' });
    await passwordForm.getByLabel('Contraseña actual').fill('no-es-mi-clave');
    await passwordForm.getByLabel('Nueva contraseña').fill('otra-clave-segura-9');
    await passwordForm.getByLabel('Repite la contraseña').fill('otra-clave-segura-9');
    await passwordForm.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await expect
      .poll(() => toasts(page).getByRole('alert').textContent())
      .toContain('No es posible actualizar tu contraseña con la información que proporcionaste.');
    await journey.step('password-refused');
    await passwordForm.getByLabel('Contraseña actual').fill(student.password);
    await Promise.all([
      page.waitForEvent('load'),
      passwordForm.getByRole('button', { name: 'Actualizar contraseña' }).click(),
    ]);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mi cuenta');
    await expect(signIn(stack, student.email, student.password)).rejects.toMatchObject({
      type: 'NotAuthorizedException',
    });

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL('**/inicio-sesion');
    expect(await page.getByRole('link', { name: 'Mi cuenta' }).count()).toBe(0);
    await journey.step('signed-out');

    await signInWithForm(journey, stack, { email: student.email, password: 'otra-clave-segura-9' });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Hola, Sofía Antonia');
    await page.getByRole('link', { name: 'Mi cuenta' }).click();
    await page.waitForURL('**/centro-estudio/cuenta');

    // Deleting needs the confirmation word.
    await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta definitivamente?' });
    const confirm = dialog.getByRole('button', { name: 'Sí, eliminar mi cuenta' });
    expect(await confirm.isDisabled()).toBe(true);
    // The dialog offers the download once more, before anything is deleted.
    expect(await dialog.textContent()).toContain('Antes de eliminar tu cuenta, descarga tus datos');
    const [lastCopy] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Descargar mis datos' }).click(),
    ]);
    expect(lastCopy.suggestedFilename()).toMatch(/^mis-datos-preu-paes-.*\.json$/);
    await dialog.getByLabel(/^Confirmación/).fill('eliminar');
    await journey.step('delete-dialog');
    await confirm.click();
    await page.waitForURL('**/inicio-sesion');
    await expect
      .poll(() => toasts(page).getByRole('status').allTextContents())
      .toContainEqual(expect.stringContaining('Tu cuenta fue eliminada.'));
    await journey.step('deleted');

    // Neither the pool nor the API knows the student any more.
    await page.getByLabel('Correo electrónico').fill(student.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('otra-clave-segura-9');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect
      .poll(() => toasts(page).getByRole('alert').textContent())
      .toContain('Nombre de usuario o contraseña incorrectos.');
    expect(new URL(page.url()).pathname).toBe('/inicio-sesion');
    await journey.step('cannot-sign-in');
    const record = await apiCall(stack, 'GET', '/api/user', { token: student.tokens.IdToken });
    expect(record.status).toBe(404);
    await journey.close();
  });
});
