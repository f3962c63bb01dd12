/**
 * `/sitemap.xml`, generated at build time from the public pages (web/src/app/publicPages.ts).
 * Sitemaps need absolute URLs and one build serves every stage, so the site's origin comes from
 * SITE_URL when building for a stage (docs/decisions.md); the dev server answers with the origin
 * it is reached at.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { PUBLIC_PATHS } from '../src/app/publicPages';

/** What a build without SITE_URL lists: the local preview server (`vite preview`). */
export const LOCAL_SITE_URL = 'http://127.0.0.1:4173';

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

/** The sitemap of `paths` on `siteUrl` (sitemaps.org protocol 0.9). */
export function sitemapXml(siteUrl: string, paths: readonly string[] = PUBLIC_PATHS): string {
  const origin = new URL(siteUrl).origin;
  const urls = paths
    .map((path) => `  <url>\n    <loc>${escapeXml(new URL(path, origin).href)}</loc>\n  </url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function serveSitemap(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (req.url?.split('?')[0] !== '/sitemap.xml') return next();
  const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
  res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
  res.end(sitemapXml(origin));
}

export function sitemapPlugin(siteUrl: string | undefined = process.env.SITE_URL): Plugin {
  return {
    name: 'preu-sitemap',
    configureServer: (server) => void server.middlewares.use(serveSitemap),
    generateBundle() {
      if (!siteUrl) {
        this.warn(
          `SITE_URL is not set: sitemap.xml lists ${LOCAL_SITE_URL}. Set SITE_URL=https://<site> when building for a stage.`,
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: 'sitemap.xml',
        source: sitemapXml(siteUrl || LOCAL_SITE_URL),
      });
    },
  };
}
