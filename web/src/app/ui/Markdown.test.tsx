import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contentAssetUrl, Markdown, renderMarkdown } from './Markdown';

describe('Markdown', () => {
  it('renders inline and display math with KaTeX', () => {
    const html = renderMarkdown('Si $x^2 = 4$, entonces\n\n$$x = \\pm 2$$');
    expect(html).toContain('class="katex"');
    expect(html).toContain('katex-display');
    expect(html).not.toContain('$x^2');
  });

  it('lets the keyboard reach formulas and tables that scroll sideways on narrow screens', () => {
    const html = renderMarkdown(
      '$$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$$\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<span class="katex-display" tabindex="0">');
    expect(html).toContain('<table tabindex="0">');
  });

  it('renders tables and serves content images from /content/', () => {
    const html = renderMarkdown(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n![Figura](images/lessons/fisica/onda.svg)',
    );
    expect(html).toContain('<table');
    expect(html).toContain('src="/content/images/lessons/fisica/onda.svg"');
    expect(contentAssetUrl('https://example.cl/x.png')).toBe('https://example.cl/x.png');
  });

  it('shows each Roman-numeral statement on a line of its own', () => {
    const html = renderMarkdown(
      '¿Cuál(es) es (son) verdadera(s)?\n\nI. El 7 es primo.\nII. El 9 es primo.\nIII. El 11 es primo.',
    );
    expect(html).toContain('<p>I. El 7 es primo.</p>');
    expect(html).toContain('<p>II. El 9 es primo.</p>');
    expect(html).toContain('<p>III. El 11 es primo.</p>');
    // A sentence that merely contains a numeral stays whole.
    expect(renderMarkdown('Durante el siglo\nXIX. Y la Guerra Mundial I. terminó.')).toContain(
      '<p>Durante el siglo\nXIX. Y la Guerra Mundial I. terminó.</p>',
    );
  });

  it('strips scripts and event handlers', () => {
    const { container } = render(
      <Markdown source={'Hola <img src=x onerror="alert(1)"><script>alert(2)</script>'} />,
    );
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.innerHTML).not.toContain('<script');
  });
});
