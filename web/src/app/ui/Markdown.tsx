/**
 * Study text and questions: Markdown with KaTeX math (`$…$`, `$$…$$`), sanitised, with content
 * images (`images/…` paths of content/) served from `/content/images/…`.
 */
import DOMPurify from 'dompurify';
import 'katex/dist/katex.min.css';
import { Marked } from 'marked';
import markedKatex from 'marked-katex-extension';
import { useMemo } from 'react';
import { contentAssetUrl } from './contentAsset';

const markdown = new Marked({ gfm: true, breaks: false }).use(
  markedKatex({ throwOnError: false, nonStandard: true }),
);

export { contentAssetUrl };

/**
 * Statement items list `I. …`, `II. …` on consecutive lines, which Markdown would join into one
 * paragraph: each statement becomes its own paragraph, as on the paper form.
 */
export function separateStatements(source: string): string {
  return source.replace(/\n(?=(?:I|II|III|IV|V|VI|VII|VIII)\.\s)/g, '\n\n');
}

/** `inline` renders without a surrounding paragraph, for text inside a label or a table cell. */
export function renderMarkdown(source: string, inline = false): string {
  const html = (
    inline
      ? markdown.parseInline(source, { async: false })
      : markdown.parse(separateStatements(source), { async: false })
  ) as string;
  const withAssets = html.replace(
    /(<img[^>]+src=")(images\/[^"]+)"/g,
    (_m, start: string, src: string) => `${start}${contentAssetUrl(src)}"`,
  );
  const clean = DOMPurify.sanitize(withAssets, {
    ADD_TAGS: ['semantics', 'annotation'],
    ADD_ATTR: ['encoding'],
  });
  // Wide formulas and tables scroll sideways on phones: keyboard users must be able to focus them to scroll.
  return clean
    .replace(/<span class="katex-display">/g, '<span class="katex-display" tabindex="0">')
    .replace(/<table>/g, '<table tabindex="0">');
}

export function Markdown({
  source,
  className,
  inline,
}: {
  source: string;
  className?: string;
  inline?: boolean;
}) {
  const html = useMemo(() => renderMarkdown(source, inline), [source, inline]);
  const classes = `markdown${inline ? ' markdown--inline' : ''}${className ? ` ${className}` : ''}`;
  if (inline) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own content, sanitised by DOMPurify above.
    return <span className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div
      className={classes}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own content, sanitised by DOMPurify above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
