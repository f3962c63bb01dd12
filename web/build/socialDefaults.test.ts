import { describe, expect, it } from 'vitest';
import { socialDefaultTags } from './socialDefaults';

const content = (tags: ReturnType<typeof socialDefaultTags>, property: string) =>
  tags.find((tag) => tag.attrs?.property === property || tag.attrs?.name === property)?.attrs?.content;

describe('Open Graph defaults of index.html', () => {
  it('give every URL the home card, with an absolute image when SITE_URL is known', () => {
    const tags = socialDefaultTags('https://www.preu.example/x');
    expect(content(tags, 'og:title')).toBe('Preu PAES · Preparación PAES online');
    expect(content(tags, 'og:locale')).toBe('es_CL');
    expect(content(tags, 'og:url')).toBe('https://www.preu.example/');
    expect(content(tags, 'og:image')).toBe('https://www.preu.example/og-image.png');
    expect(content(tags, 'twitter:card')).toBe('summary_large_image');
    expect(tags.every((tag) => tag.injectTo === 'head')).toBe(true);
  });

  it('leave out the URL and the image, which must be absolute, without SITE_URL', () => {
    const tags = socialDefaultTags(undefined);
    expect(content(tags, 'og:image')).toBeUndefined();
    expect(content(tags, 'og:url')).toBeUndefined();
    expect(content(tags, 'og:description')).toContain('PAES');
  });
});
