/** Journey 1 of issue 13: a visitor on the public site, on a phone and on a desktop. */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { closeBrowser, DESKTOP, openJourney, PHONE } from './browser';
import { CHAT_WIDGET, withSupportChat } from './students';

const stack = inject('e2eStack');

afterAll(closeBrowser);

describe.each([PHONE, DESKTOP])('a visitor at $width×$height', (viewport) => {
  it('goes home → pricing → a landing page; the chat shows on home and pricing only; the study centre asks to sign in', async () => {
    const journey = await openJourney('visitor', viewport);
    const { page } = journey;
    await withSupportChat(page);
    const chat = page.locator(CHAT_WIDGET);

    await page.goto(`${stack.webUrl}/`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Prepárate para la PAES a tu ritmo, desde donde estés');
    await chat.waitFor();
    await journey.step('home');

    await page.getByRole('link', { name: 'Ver planes y precios' }).first().click();
    await page.waitForURL('**/planes-y-precios');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Planes y precios');
    expect(await page.getByRole('link', { name: 'Elegir plan anual' }).getAttribute('href')).toBe(
      '/inicio-sesion?redirect=%2Fplanes-y-precios%3Fplan%3Dyearly',
    );
    expect(await page.getByRole('table').getByRole('row').count()).toBe(5);
    expect(await chat.count()).toBe(1);
    await journey.step('pricing');

    // Back home (the chat stays), then to a landing page, where it is removed.
    await page.goBack();
    await page.waitForURL(`${stack.webUrl}/`);
    await chat.waitFor();
    await page.getByRole('link', { name: 'Rinde un ensayo gratis' }).first().click();
    await page.waitForURL('**/landing/registro-ensayo');
    await chat.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Rinde un ensayo PAES gratis y descubre desde dónde partes');
    await page.getByRole('form', { name: 'Crea tu cuenta' }).waitFor();
    await page.getByRole('button', { name: 'Crear cuenta y rendir mi ensayo' }).waitFor();
    await journey.step('landing');

    // A study-centre address sends the visitor to sign in, remembering where they were going.
    await page.goto(`${stack.webUrl}/centro-estudio`);
    await page.waitForURL('**/inicio-sesion?redirect=%2Fcentro-estudio');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Inicia sesión');
    expect(await chat.count()).toBe(0);
    await journey.step('sign-in-first');
    await journey.close();
  });
});
