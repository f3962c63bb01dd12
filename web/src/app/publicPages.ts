/**
 * The public pages of spec section 2 — they render without waiting for the session check — and
 * the two where the support chat loads. Plain data: the sitemap plugin (web/build/sitemap.ts)
 * reads it at build time.
 */
export const PUBLIC_PATHS = [
  '/',
  '/planes-y-precios',
  '/landing/registro',
  '/landing/registro-ensayo',
  '/landing/preparate-paes',
  '/legal/terminos-y-condiciones',
  '/legal/aviso-de-privacidad',
  '/contacto',
] as const;

/** The support chat loads here and is removed on every other route. */
export const SUPPORT_CHAT_PATHS: readonly string[] = ['/', '/planes-y-precios'];

/** `/contacto/` and `/contacto` are one page. */
export const normalizePath = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';
