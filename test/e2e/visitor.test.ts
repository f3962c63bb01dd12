/**
 * Journey 1 of issue 13: a visitor on the public site, on a phone and on a desktop; and the
 * analytics consent banner of issue 27 on a 360 px phone.
 */
import type { Page } from 'playwright-core';
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

const GA_ID = 'G-E2ETEST01';

/**
 * Serves `/config.json` with a GA4 measurement id, and gtag.js as a stand-in (the browser never
 * reaches Google in tests); returns the list of analytics requests the page made.
 */
async function withAnalytics(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, gaMeasurementId: GA_ID } });
  });
  await page.route(/googletagmanager\.com|google-analytics\.com/, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '/* gtag.js stand-in */' });
  });
  return requests;
}

describe('the analytics consent banner on a 360 px phone', () => {
  it('sends nothing before the choice; Rechazar and Aceptar are equal; the footer reopens it', async () => {
    const journey = await openJourney('consent', { width: 360, height: 800 });
    const { page } = journey;
    const analytics = await withAnalytics(page);
    const banner = page.getByRole('region', { name: 'Cookies de medición' });

    await page.goto(`${stack.webUrl}/`);
    await banner.waitFor();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Prepárate para la PAES a tu ritmo, desde donde estés');
    // Two equal buttons, side by side, fully on screen; the page is not covered.
    const accept = await banner.getByRole('button', { name: 'Aceptar' }).boundingBox();
    const reject = await banner.getByRole('button', { name: 'Rechazar' }).boundingBox();
    expect(accept && reject).toBeTruthy();
    if (!accept || !reject) return;
    expect(Math.abs(accept.width - reject.width)).toBeLessThan(1);
    expect(accept.height).toBe(reject.height);
    expect(accept.y).toBe(reject.y);
    expect(accept.height).toBeGreaterThanOrEqual(44);
    expect(reject.x + reject.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await journey.step('banner');

    await page.getByRole('link', { name: 'Ver planes y precios' }).first().click();
    await page.waitForURL('**/planes-y-precios');
    expect(analytics).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);

    await banner.getByRole('button', { name: 'Rechazar' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.goto(`${stack.webUrl}/contacto`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(analytics).toEqual([]);
    await journey.step('rejected');

    // The footer opens the same choice; accepting loads gtag.js and counts the page on screen.
    const preferences = page.getByRole('button', { name: 'Preferencias de cookies' });
    await preferences.click();
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Tu elección actual: rechazaste las cookies de medición.');
    expect(await banner.evaluate((element) => element === document.activeElement)).toBe(true);
    await journey.step('reopened');
    await banner.getByRole('button', { name: 'Aceptar' }).click();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => analytics.length).toBe(1);
    expect(analytics[0]).toContain(`gtag/js?id=${GA_ID}`);
    expect(await preferences.evaluate((element) => element === document.activeElement)).toBe(true);
    const views = await page.evaluate(() =>
      ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry))
        .filter((entry) => entry[1] === 'page_view')
        .map((entry) => (entry[2] as { page_path: string }).page_path),
    );
    expect(views).toEqual(['/contacto']);
    await journey.close();
  });
});
