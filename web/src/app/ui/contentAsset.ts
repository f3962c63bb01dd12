/**
 * Content image paths are relative to content/ (`images/…`); the web serves them under /content/.
 * Kept apart from Markdown.tsx so that pages showing only pictures do not download KaTeX.
 */
export function contentAssetUrl(path: string): string {
  return /^images\//.test(path) ? `/content/${path}` : path;
}
