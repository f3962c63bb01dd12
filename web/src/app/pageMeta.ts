/**
 * Title, description and (on public pages) Open Graph tags of the current route. A route gives
 * its own in `handle.meta`; routes of features that give none fall back to `fallbackMeta`.
 */
import { es } from '../i18n/es';

export interface PageMeta {
  /** The page's own title; the site name is appended. */
  title: string;
  description?: string;
  /** Public pages get Open Graph tags and a canonical link. */
  public?: boolean;
  /** Pages search engines should not list (the 404). */
  noindex?: boolean;
}

export interface RouteHandle {
  meta?: PageMeta;
}

/** Titles of screens whose routes carry no meta of their own (the account flows, the study centre). */
export function fallbackMeta(pathname: string): PageMeta {
  const title = es.pages.titles[pathname as keyof typeof es.pages.titles];
  if (title) return { title };
  if (pathname.includes('centro-estudio')) return { title: es.pages.studyCenter };
  return { title: es.app.name };
}

/** The meta of the deepest matched route that has one. */
export function routeMeta(matches: readonly { handle?: unknown }[], pathname: string): PageMeta {
  for (const match of [...matches].reverse()) {
    const meta = (match.handle as RouteHandle | undefined)?.meta;
    if (meta) return meta;
  }
  return fallbackMeta(pathname);
}

export const fullTitle = (meta: PageMeta): string =>
  meta.title === es.app.name ? `${es.app.name} · ${es.meta.tagline}` : `${meta.title} | ${es.app.name}`;

function upsert(
  doc: Document,
  selector: string,
  create: () => HTMLElement,
  attribute: string,
  value: string,
) {
  let element = doc.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    doc.head.append(element);
  }
  element.setAttribute(attribute, value);
}

const metaTag = (doc: Document, key: 'name' | 'property', name: string) => () => {
  const element = doc.createElement('meta');
  element.setAttribute(key, name);
  return element;
};

const SOCIAL_TAGS = [
  'og:title',
  'og:description',
  'og:type',
  'og:url',
  'og:site_name',
  'og:locale',
  'og:image',
  'og:image:width',
  'og:image:height',
  'og:image:alt',
] as const;
const TWITTER_TAGS = ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image'] as const;

/** Applies the meta of a page to `<head>`; `url` is the page's absolute URL without query. */
export function applyPageMeta(meta: PageMeta, url: string, doc: Document = document): void {
  const title = fullTitle(meta);
  const description = meta.description ?? es.meta.defaultDescription;
  doc.title = title;
  upsert(doc, 'meta[name="description"]', metaTag(doc, 'name', 'description'), 'content', description);

  const robots = doc.head.querySelector('meta[name="robots"]');
  if (meta.noindex) upsert(doc, 'meta[name="robots"]', metaTag(doc, 'name', 'robots'), 'content', 'noindex');
  else robots?.remove();

  if (!meta.public) {
    for (const name of SOCIAL_TAGS) doc.head.querySelector(`meta[property="${name}"]`)?.remove();
    for (const name of TWITTER_TAGS) doc.head.querySelector(`meta[name="${name}"]`)?.remove();
    doc.head.querySelector('link[rel="canonical"]')?.remove();
    return;
  }
  const origin = new URL(url).origin;
  const image = `${origin}/og-image.png`;
  const social: Record<(typeof SOCIAL_TAGS)[number], string> = {
    'og:title': meta.title === es.app.name ? title : meta.title,
    'og:description': description,
    'og:type': 'website',
    'og:url': url,
    'og:site_name': es.app.name,
    'og:locale': 'es_CL',
    'og:image': image,
    'og:image:width': '1200',
    'og:image:height': '630',
    'og:image:alt': es.meta.imageAlt,
  };
  for (const name of SOCIAL_TAGS)
    upsert(doc, `meta[property="${name}"]`, metaTag(doc, 'property', name), 'content', social[name]);
  const twitter: Record<(typeof TWITTER_TAGS)[number], string> = {
    'twitter:card': 'summary_large_image',
    'twitter:title': social['og:title'],
    'twitter:description': description,
    'twitter:image': image,
  };
  for (const name of TWITTER_TAGS)
    upsert(doc, `meta[name="${name}"]`, metaTag(doc, 'name', name), 'content', twitter[name]);
  upsert(
    doc,
    'link[rel="canonical"]',
    () => {
      const link = doc.createElement('link');
      link.rel = 'canonical';
      return link;
    },
    'href',
    url,
  );
}
