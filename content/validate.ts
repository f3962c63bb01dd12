/**
 * Validates content files: `npx tsx content/validate.ts [files…]` (all of content/ when none given).
 * Reports every problem as «file › item › field: message» and exits non-zero when any exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { checkAgainstKey, QuestionFileSchema, SubjectSchema } from './schema';

export interface ContentProblem {
  file: string;
  item: string;
  field: string;
  message: string;
}

const contentDir = path.resolve(import.meta.dirname);

export function listContentFiles(dir: string = contentDir): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...listContentFiles(full));
    else if (entry.endsWith('.json')) files.push(full);
  }
  return files.sort();
}

function schemaFor(file: string): z.ZodType | null {
  const relative = path.relative(contentDir, file).split(path.sep);
  if (relative[0] === 'questions') return QuestionFileSchema;
  if (relative[0] === 'subjects') return SubjectSchema;
  return null;
}

/** Checks each file against its schema and the machine checks of its items. */
export function validateFiles(files: string[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const file of files) {
    const name = path.relative(contentDir, file);
    const schema = schemaFor(file);
    if (!schema) continue;
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push({
        file: name,
        item: '-',
        field: '-',
        message: `JSON inválido: ${(error as Error).message}`,
      });
      continue;
    }
    const result = schema.safeParse(data);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push({
          file: name,
          item: itemAt(data, issue.path),
          field: issue.path.join('.'),
          message: issue.message,
        });
      }
      continue;
    }
    for (const { id, item } of checkedItems(result.data)) {
      try {
        const failure = checkAgainstKey(item);
        if (failure) problems.push({ file: name, item: id, field: 'check', message: failure });
      } catch (error) {
        problems.push({ file: name, item: id, field: 'check', message: (error as Error).message });
      }
    }
  }
  return problems;
}

type Checkable = Parameters<typeof checkAgainstKey>[0];

function checkedItems(data: unknown): { id: string; item: Checkable }[] {
  const value = data as {
    questions?: (Checkable & { id: string })[];
    lessons?: { submodules: { trivia: (Checkable & { id: string })[] }[] }[];
  };
  if (value.questions) return value.questions.map((q) => ({ id: q.id, item: q }));
  return (value.lessons ?? []).flatMap((l) =>
    l.submodules.flatMap((s) => s.trivia.map((t) => ({ id: t.id, item: t }))),
  );
}

function itemAt(data: unknown, issuePath: PropertyKey[]): string {
  let node: unknown = data;
  let id = '-';
  for (const key of issuePath) {
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<PropertyKey, unknown>)[key];
    const nodeId = (node as { id?: unknown } | null)?.id;
    if (typeof nodeId === 'string') id = nodeId;
  }
  return id;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2).map((f) => path.resolve(f));
  const files = args.length > 0 ? args : listContentFiles();
  const problems = validateFiles(files);
  for (const p of problems) console.error(`${p.file} › ${p.item} › ${p.field}: ${p.message}`);
  console.log(
    problems.length === 0 ? `OK: ${files.length} archivo(s) válidos.` : `${problems.length} problema(s).`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
