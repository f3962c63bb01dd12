/**
 * Open Graph defaults in the built index.html, for link previews by crawlers that do not run
 * JavaScript (WhatsApp, Facebook): every URL of the SPA gets the home page's card. Once the app
 * runs, web/src/app/pageMeta.ts replaces them per route. Image URLs must be absolute, so they
 * need SITE_URL (the same variable as the sitemap).
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { es } from '../src/i18n/es';

export function socialDefaultTags(siteUrl: string | undefined): HtmlTagDescriptor[] {
  const property = (name: string, content: string): HtmlTagDescriptor => ({
    tag: 'meta',
    attrs: { property: name, content },
    injectTo: 'head',
  });
  const origin = siteUrl ? new URL(siteUrl).origin : null;
  return [
    property('og:type', 'website'),
    property('og:site_name', es.app.name),
    property('og:locale', 'es_CL'),
    property('og:title', `${es.app.name} · ${es.meta.tagline}`),
    property('og:description', es.meta.defaultDescription),
    ...(origin
      ? [
          property('og:url', `${origin}/`),
          property('og:image', `${origin}/og-image.png`),
          property('og:image:width', '1200'),
          property('og:image:height', '630'),
          property('og:image:alt', es.meta.imageAlt),
        ]
      : []),
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' }, injectTo: 'head' },
  ];
}

export function socialDefaultsPlugin(siteUrl: string | undefined = process.env.SITE_URL): Plugin {
  return { name: 'preu-social-defaults', transformIndexHtml: () => socialDefaultTags(siteUrl) };
}
