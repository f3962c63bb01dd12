/**
 * Web weight as a browser sees it: Debian's Chromium loads a page of the production build served
 * by `vite preview`, with an empty cache, and every script and stylesheet it requests is weighed
 * (gzip of the served file: the preview server does not compress, CloudFront does).
 */
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../local/chromium';
import type { StackInfo } from '../local/stack';
import { type FileWeight, weighFile } from './webBuild';

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

export interface PageWeight {
  path: string;
  /** Where the browser ended (a redirect would mean the page was not measured). */
  landedOn: string;
  js: FileWeight[];
  css: FileWeight[];
}

type StorageState = Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>;

/** Opens `path` in a fresh context (empty cache) and weighs the scripts and stylesheets it loads. */
export async function weighPage(
  browser: Browser,
  webUrl: string,
  outDir: string,
  path: string,
  options: { storageState?: StorageState; ready?: string } = {},
): Promise<PageWeight> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'es-CL',
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  const page = await context.newPage();
  const assets = new Set<string>();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(webUrl).origin && /\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
  });
  await page.goto(`${webUrl}${path}`, { waitUntil: 'networkidle' });
  if (options.ready) await page.locator(options.ready).first().waitFor({ timeout: 15_000 });
  // Code the page asks for after its data arrived (e.g. KaTeX once a question is shown).
  await page.waitForLoadState('networkidle');
  const landedOn = new URL(page.url()).pathname;
  await context.close();
  const files = [...assets].map((asset) => weighFile(outDir, asset.replace(/^\//, '')));
  return {
    path,
    landedOn,
    js: files.filter((f) => f.file.endsWith('.js')),
    css: files.filter((f) => f.file.endsWith('.css')),
  };
}

/** Signs in with the form of /inicio-sesion and returns the browser storage it leaves (Amplify's session). */
export async function signedInStorage(
  browser: Browser,
  stack: StackInfo & { webUrl: string },
  credentials: { email: string; password: string },
): Promise<StorageState> {
  const context = await browser.newContext({ locale: 'es-CL' });
  const page = await context.newPage();
  await page.goto(`${stack.webUrl}/inicio-sesion?redirect=%2Fcentro-estudio`);
  await page.getByLabel('Correo electrónico').fill(credentials.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => url.pathname === '/centro-estudio', { timeout: 20_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}
