/**
 * The benchmark's budgets (issue 15), its rows and the one table it prints. Sizes are in KiB
 * (1 KiB = 1024 bytes), gzip at zlib's default level; times in milliseconds.
 */
import { gzipSync } from 'node:zlib';

export const KIB = 1024;

export const BUDGETS = {
  /** JS a first visit to `/` downloads, gzipped. */
  homeJsGzipKiB: 150,
  lighthouse: { performance: 95, lcpMs: 2000, cls: 0.05, tbtMs: 150 },
  /** Handler p50 over the p50 of the bare DynamoDB calls it makes. */
  apiP50Ratio: 1.5,
  /** Per Lambda: the code loaded at start-up, and the time to import it and build the handler. */
  lambdaStartupKiB: 400,
  lambdaStartupMs: 150,
} as const;

export const gzipBytes = (content: Buffer | string): number => gzipSync(content).length;
export const kib = (bytes: number): string => (bytes / KIB).toFixed(1);

export type Verdict = 'pass' | 'FAIL' | 'info' | 'not run';

export interface Row {
  section: string;
  item: string;
  /** The measured figures, formatted. */
  figures: string;
  budget: string;
  verdict: Verdict;
  /** Why a check failed or was not run, or what a figure means. */
  note?: string;
}

export const verdictOf = (ok: boolean): Verdict => (ok ? 'pass' : 'FAIL');

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Nearest-rank percentile of raw samples. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** The table, as plain text that stays aligned in a terminal and in Markdown code blocks. */
export function formatTable(rows: readonly Row[]): string {
  const header = ['section', 'item', 'measured', 'budget', 'verdict'];
  const cells = rows.map((r) => [r.section, r.item, r.figures, r.budget, r.verdict]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const notes = rows
    .map((r, i) => (r.note ? `  [${i + 1}] ${r.item}: ${r.note}` : null))
    .filter((n): n is string => n !== null);
  return [
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...cells.map((c, i) => line([...c.slice(0, 4), `${c[4]}${rows[i]?.note ? ` [${i + 1}]` : ''}`])),
    ...(notes.length > 0 ? ['', 'notes:', ...notes] : []),
  ].join('\n');
}

/** The same rows as a Markdown table (for the README). */
export function formatMarkdown(rows: readonly Row[]): string {
  const cell = (value: string) => value.replaceAll('|', '\\|');
  return [
    '| section | item | measured | budget | verdict |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${cell(r.section)} | ${cell(r.item)} | ${cell(r.figures)} | ${cell(r.budget)} | ${r.verdict}${r.note ? ` — ${cell(r.note)}` : ''} |`,
    ),
  ].join('\n');
}
