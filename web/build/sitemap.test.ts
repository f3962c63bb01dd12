import { describe, expect, it, vi } from 'vitest';
import { LOCAL_SITE_URL, sitemapPlugin, sitemapXml } from './sitemap';

describe('sitemap.xml', () => {
  it('lists every public page of the site, absolute, once', () => {
    const xml = sitemapXml('https://www.preu.example/ignored/path');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://www.preu.example/',
      'https://www.preu.example/planes-y-precios',
      'https://www.preu.example/landing/registro',
      'https://www.preu.example/landing/registro-ensayo',
      'https://www.preu.example/landing/preparate-paes',
      'https://www.preu.example/legal/terminos-y-condiciones',
      'https://www.preu.example/legal/aviso-de-privacidad',
      'https://www.preu.example/contacto',
    ]);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).not.toMatch(/centro-estudio|inicio-sesion|registro\/completo/);
  });

  it('is well-formed XML and escapes what XML reserves', () => {
    const xml = sitemapXml('https://preu.example', ['/a?x=1&y=2']);
    expect(xml).toContain('<loc>https://preu.example/a?x=1&amp;y=2</loc>');
    const parsed = new DOMParser().parseFromString(xml, 'application/xml');
    expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(parsed.getElementsByTagName('url')).toHaveLength(1);
  });

  it('is emitted by the build, with SITE_URL or (with a warning) the local preview origin', () => {
    const build = (siteUrl: string | undefined) => {
      const emitted: { fileName: string; source: string }[] = [];
      const warn = vi.fn();
      const plugin = sitemapPlugin(siteUrl);
      (plugin.generateBundle as (this: unknown) => void).call({
        emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
        warn,
      });
      return { emitted, warn };
    };
    const production = build('https://www.preu.example');
    expect(production.emitted).toEqual([
      { type: 'asset', fileName: 'sitemap.xml', source: sitemapXml('https://www.preu.example') },
    ]);
    expect(production.warn).not.toHaveBeenCalled();
    const local = build(undefined);
    expect(local.emitted[0]?.source).toContain(`<loc>${LOCAL_SITE_URL}/</loc>`);
    expect(local.warn).toHaveBeenCalledWith(expect.stringContaining('SITE_URL'));
  });
});
