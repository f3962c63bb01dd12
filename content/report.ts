/**
 * The content gate: `npm run content:report` prints, per PAES test with a blueprint, the volume
 * against the blueprint and every cue a test-wise student could exploit, then the thresholds it
 * misses. `content/report.test.ts` runs the same checks inside `npm test`, so a change that breaks
 * a threshold fails the build. Thresholds and how each figure is measured: docs/content.md.
 */
import path from 'node:path';
import type { Alternative, Blueprint, Passage, Question, SkillArea, Test } from '@core/content/schema';
import { skillsOf } from '@core/content/schema';
import { splitByWeight } from '@core/domain/examAssembly';
import { type ContentBundle, formatProblem, validateContent } from './validate';

/** What fails the build (every PAES test with a blueprint). */
export const GATE = {
  /** Share of items whose key is strictly the longest option. */
  keyStrictlyLongestMax: 0.3,
  /** The same cue the other way round: a bank rewritten against length must not favour the shortest. */
  keyStrictlyShortestMax: 0.3,
  /** Share of items whose key is at least 1.5× the mean length of its distractors. */
  keyMuchLongerMax: 0.1,
  keyMuchLongerRatio: 1.5,
  /** Each key letter's share of the 4-option items of a test. */
  keyPositionMin: 0.18,
  keyPositionMax: 0.32,
  /** Jaccard similarity of word 3-shingles above which two items are reported as near-duplicates. */
  nearDuplicate: 0.6,
  /** Share of an item's key shingles found in another item's stem or options: a possible cue. */
  cueContainment: 0.7,
} as const;

const LETTERS = ['A', 'B', 'C', 'D'] as const;

/** What a student reads of a Markdown + KaTeX string, roughly: markup and command names removed. */
export function visibleText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\\(?:text|mathrm|textbf|mathbf|operatorname)\{([^}]*)\}/g, '$1')
    .replace(/\\[a-zA-Z]+/g, ' ')
    .replace(/[$*_`{}\\^]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export const optionLength = (a: Alternative) => (a.text ? visibleText(a.text).length : 0);

/** Lower case, no accents, no markup or punctuation: the text two items are compared on. */
export function normalise(text: string): string {
  return visibleText(text)
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9ñ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function shingles(text: string, size = 3): Set<string> {
  const words = normalise(text).split(' ').filter(Boolean);
  const out = new Set<string>();
  if (words.length < size) {
    if (words.length > 0) out.add(words.join(' '));
    return out;
  }
  for (let i = 0; i + size <= words.length; i++) out.add(words.slice(i, i + size).join(' '));
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  return shared / (a.size + b.size - shared);
}

function containment(part: Set<string>, whole: Set<string>): number {
  if (part.size === 0) return 0;
  let shared = 0;
  for (const s of part) if (whole.has(s)) shared++;
  return shared / part.size;
}

/** The key is strictly longer than every distractor. */
export function keyStrictlyLongest(alternatives: Alternative[]): boolean {
  const key = alternatives.find((a) => a.correct);
  if (!key) return false;
  return alternatives.every((a) => a === key || optionLength(a) < optionLength(key));
}

/** The key is strictly shorter than every distractor. */
export function keyStrictlyShortest(alternatives: Alternative[]): boolean {
  const key = alternatives.find((a) => a.correct);
  if (!key) return false;
  return alternatives.every((a) => a === key || optionLength(a) > optionLength(key));
}

/** The key is at least 1.5× the mean distractor length. */
export function keyMuchLonger(alternatives: Alternative[]): boolean {
  const key = alternatives.find((a) => a.correct);
  const distractors = alternatives.filter((a) => !a.correct);
  if (!key || distractors.length === 0) return false;
  const mean = distractors.reduce((n, a) => n + optionLength(a), 0) / distractors.length;
  return optionLength(key) >= GATE.keyMuchLongerRatio * mean && optionLength(key) > 0;
}

/** An explanation or rationale that points at an option by its letter (options are shuffled). */
export function citesLetter(markdown: string): boolean {
  // Math names events and points with capitals (`P(A\\cap B)`, `\\overline{AB}`): never an option.
  const text = markdown.replace(/\$\$[\s\S]*?\$\$|\$[^$]*\$/g, ' ');
  return (
    /\b(?:alternativas?|opci(?:ón|ones)|respuestas?|clave)\s*(?:correcta\s*)?(?:es\s*)?:?\s*\**\(?[A-E]\b(?![\p{L}'])/iu.test(
      text,
    ) ||
    /(?:^|[\s(«¿¡])\**[A-E]\)\**/u.test(text) ||
    /\*\*[A-E]\*\*/.test(text) ||
    /\*\*[A-E][.:]/.test(text) ||
    /(?:^|[.!?]\s+|\n)[A-E](?:,\s*[A-E])*\s+(?:y\s+[A-E]\s+)?(?:es|son|confunde|confunden|invierte|olvida|supone|dice|afirma|corresponde|contradice|no)\b/u.test(
      text,
    )
  );
}

/** Formal address (usted) where the platform speaks tú. */
export function formalAddress(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\busted\b/giu)) found.push(m[0]);
  const imperatives =
    /(?:^|[.!?:¿¡\n]\s*)(Lea|Observe|Calcule|Considere|Marque|Determine|Indique|Señale|Analice|Responda|Identifique|Seleccione|Suponga|Recuerde|Elija|Escoja|Complete|Ordene|Relacione|Fíjese|Imagine|Resuelva|Encuentre|Exprese|Simplifique|Estime)\b/gu;
  for (const m of text.matchAll(imperatives)) found.push(m[1] ?? m[0]);
  return found;
}

/** Numbers not written the es-CL way: `3.5` for 3,5; `12500` or `12 500` or `12\,500` for 12.500. */
export function numberFormatSlips(text: string): string[] {
  const plain = text.replace(/!\[[^\]]*\]\([^)]*\)/g, ' ').replace(/\bimages\/\S+/g, ' ');
  const found: string[] = [];
  // `{,}` is KaTeX's decimal comma; `_3 243` a subscript followed by a number.
  for (const m of plain.matchAll(/(?<![\d.,{}_^])\d+\.\d{1,2}(?![\d.])/g)) found.push(m[0]);
  for (const m of plain.matchAll(/(?<![\d.,{}_^])\d{5,}(?![\d.,}])/g)) found.push(m[0]);
  for (const m of plain.matchAll(/(?<![\d.,{}_^])\d{1,3}(?:\\,| )\d{3}(?![\d])/g)) found.push(m[0]);
  return found;
}

export interface TestReport {
  slug: string;
  title: string;
  formLength: number;
  items: number;
  forms: number;
  minForms: number;
  /** Items of the scarcest sub-subject divided by what one form takes from it. */
  scarcestForms: { subSubject: string; forms: number };
  ejes: { subSubject: string; eje: string; bank: number; form: number }[];
  skills: { skill: string; bank: number; form: number }[];
  difficulty: { level: string; bank: number; form: number }[];
  offBlueprint: string[];
  keyStrictlyLongest: string[];
  keyStrictlyShortest: string[];
  keyMuchLonger: string[];
  keyPositions: Record<string, number>;
  fourOptionItems: number;
  withResource: number;
  passagesByType: Record<string, number>;
  missingRationale: string[];
  lettersInExplanations: string[];
  formalAddress: string[];
  numberFormat: string[];
  possibleCues: { item: string; givenAwayBy: string; containment: number }[];
}

export interface PairReport {
  a: string;
  b: string;
  similarity: number;
}

export interface ContentReport {
  tests: TestReport[];
  exactDuplicates: PairReport[];
  nearDuplicates: PairReport[];
  triviaFormalAddress: string[];
  triviaNumberFormat: string[];
}

interface Comparable {
  id: string;
  kind: 'bank' | 'trivia';
  stem: Set<string>;
  full: Set<string>;
  stemText: string;
}

/** An item rests on a resource when it shows a figure, a table, a quoted source or a passage. */
function hasResource(question: Question, passage: Passage | undefined): boolean {
  return Boolean(
    question.image ||
      passage ||
      /!\[[^\]]*\]\(/.test(question.stem) ||
      /^\s*\|.*\|\s*$/m.test(question.stem) ||
      /^\s*>/m.test(question.stem),
  );
}

export function buildReport(bundle: ContentBundle): ContentReport {
  const questions = bundle.questionFiles.flatMap(({ data }) => data.questions);
  const passages = new Map(
    bundle.questionFiles.flatMap(({ data }) => (data.passages ?? []).map((p) => [p.id, p] as const)),
  );
  const trivia = bundle.subjects.flatMap(({ data }) =>
    data.lessons.flatMap((l) => l.submodules.flatMap((s) => s.trivia)),
  );

  const tests: TestReport[] = [];
  for (const test of bundle.tests) {
    const blueprint = bundle.blueprints[test.slug];
    if (!blueprint) continue;
    tests.push(
      testReport(
        test,
        blueprint,
        questions.filter((q) => q.tests.includes(test.slug)),
        passages,
      ),
    );
  }

  // Near-duplicates across the whole bank and the trivia.
  const comparables: Comparable[] = [
    ...questions.map((q) => comparable(q.id, 'bank', q.stem, q.alternatives, q.passageId)),
    ...trivia.map((t) => comparable(t.id, 'trivia', t.stem, t.alternatives)),
  ];
  const exactDuplicates: PairReport[] = [];
  const nearDuplicates: PairReport[] = [];
  for (let i = 0; i < comparables.length; i++) {
    const a = comparables[i] as Comparable;
    for (let j = i + 1; j < comparables.length; j++) {
      const b = comparables[j] as Comparable;
      const exact = a.stemText.length > 0 && a.stemText === b.stemText;
      const similarity = jaccard(a.full, b.full);
      if (exact || similarity >= 0.9) exactDuplicates.push({ a: a.id, b: b.id, similarity });
      else if (similarity >= GATE.nearDuplicate) nearDuplicates.push({ a: a.id, b: b.id, similarity });
    }
  }
  const triviaText = (t: (typeof trivia)[number]) =>
    [t.stem, t.explanation, ...t.alternatives.map((a) => a.text ?? '')].join('\n');
  const lessonTexts = bundle.subjects.flatMap(({ data }) =>
    data.lessons.flatMap((l) => l.submodules.map((s) => ({ id: s.id, text: s.content }))),
  );
  const triviaFormalAddress = [
    ...trivia.filter((t) => formalAddress(triviaText(t)).length > 0).map((t) => t.id),
    ...lessonTexts.filter((s) => formalAddress(s.text).length > 0).map((s) => s.id),
  ];
  const triviaNumberFormat = [
    ...trivia
      .filter((t) => numberFormatSlips(triviaText(t)).length > 0)
      .map((t) => `${t.id}: ${numberFormatSlips(triviaText(t)).join(', ')}`),
    ...lessonTexts
      .filter((s) => numberFormatSlips(s.text).length > 0)
      .map((s) => `${s.id}: ${numberFormatSlips(s.text).join(', ')}`),
  ];
  return { tests, exactDuplicates, nearDuplicates, triviaFormalAddress, triviaNumberFormat };
}

function comparable(
  id: string,
  kind: 'bank' | 'trivia',
  stem: string,
  alternatives: Alternative[],
  passageId?: string,
): Comparable {
  const options = alternatives.map((a) => a.text ?? '').join(' ');
  // Items of one passage share its text, never their stems: compare what each item asks.
  const stemText = normalise(stem);
  return {
    id,
    kind,
    stem: shingles(stem),
    full: shingles(`${passageId ?? ''} ${stem} ${options}`),
    stemText,
  };
}

function testReport(
  test: Test,
  blueprint: Blueprint,
  items: Question[],
  passages: Map<string, Passage>,
): TestReport {
  const size = test.rules.questionCount;
  const split = splitByWeight(size, test.rules.weights);
  const count = <T>(list: T[], pick: (t: T) => boolean) => list.filter(pick).length;

  const ejes = Object.entries(blueprint.ejes).flatMap(([subSubject, ejeCounts]) =>
    Object.entries(ejeCounts).map(([eje, form]) => ({
      subSubject,
      eje,
      form,
      bank: count(items, (q) => q.subSubject === subSubject && q.eje === eje),
    })),
  );
  const skillIds = skillsOf(test.area as SkillArea);
  const skills = skillIds.map((skill) => ({
    skill,
    form: blueprint.skills[skill] ?? 0,
    bank: count(items, (q) => q.skill === skill),
  }));
  const difficulty = (['baja', 'media', 'alta'] as const).map((level) => ({
    level,
    form: blueprint.difficulty[level],
    bank: count(items, (q) => q.difficulty === level),
  }));
  const offBlueprint = items
    .filter((q) => !(q.eje in (blueprint.ejes[q.subSubject] ?? {})) || !skillIds.includes(q.skill))
    .map((q) => q.id);
  const scarcest = Object.entries(split)
    .map(([subSubject, need]) => ({
      subSubject,
      forms: need === 0 ? Number.POSITIVE_INFINITY : count(items, (q) => q.subSubject === subSubject) / need,
    }))
    .sort((a, b) => a.forms - b.forms)[0] ?? { subSubject: '-', forms: 0 };

  const fourOption = items.filter((q) => q.alternatives.length === 4);
  const keyPositions = Object.fromEntries(
    LETTERS.map((letter) => [
      letter,
      count(fourOption, (q) => q.alternatives.find((a) => a.correct)?.id === letter),
    ]),
  );
  const passagesByType: Record<string, number> = {};
  for (const id of new Set(items.map((q) => q.passageId).filter(Boolean) as string[])) {
    const type = passages.get(id)?.textType ?? 'desconocido';
    passagesByType[type] = (passagesByType[type] ?? 0) + 1;
  }

  const textsOf = (q: Question) => [
    q.stem,
    q.explanation,
    ...q.alternatives.flatMap((a) => [a.text ?? '', a.rationale ?? '']),
  ];
  const lettersInExplanations = items
    .filter((q) => [q.explanation, ...q.alternatives.map((a) => a.rationale ?? '')].some(citesLetter))
    .map((q) => q.id);

  // A cue: an item's key, said again in another item's stem or options of the same test.
  const possibleCues: TestReport['possibleCues'] = [];
  const shown = items.map((q) => ({
    id: q.id,
    shown: shingles(`${q.stem} ${q.alternatives.map((a) => a.text ?? '').join(' ')}`),
  }));
  for (const q of items) {
    const key = q.alternatives.find((a) => a.correct)?.text ?? '';
    const keyShingles = shingles(key);
    if (normalise(key).split(' ').length < 5) continue;
    for (const other of shown) {
      if (other.id === q.id) continue;
      const c = containment(keyShingles, other.shown);
      if (c >= GATE.cueContainment) possibleCues.push({ item: q.id, givenAwayBy: other.id, containment: c });
    }
  }

  return {
    slug: test.slug,
    title: test.title,
    formLength: size,
    items: items.length,
    forms: items.length / size,
    minForms: blueprint.minForms,
    scarcestForms: scarcest,
    ejes,
    skills,
    difficulty,
    offBlueprint,
    keyStrictlyLongest: items.filter((q) => keyStrictlyLongest(q.alternatives)).map((q) => q.id),
    keyStrictlyShortest: items.filter((q) => keyStrictlyShortest(q.alternatives)).map((q) => q.id),
    keyMuchLonger: items.filter((q) => keyMuchLonger(q.alternatives)).map((q) => q.id),
    keyPositions,
    fourOptionItems: fourOption.length,
    withResource: count(items, (q) => hasResource(q, q.passageId ? passages.get(q.passageId) : undefined)),
    passagesByType,
    missingRationale: items
      .filter((q) => q.alternatives.some((a) => !a.correct && !a.rationale?.trim()))
      .map((q) => q.id),
    lettersInExplanations,
    formalAddress: items.filter((q) => textsOf(q).some((t) => formalAddress(t).length > 0)).map((q) => q.id),
    numberFormat: items
      .filter((q) => textsOf(q).some((t) => numberFormatSlips(t).length > 0))
      .map((q) => `${q.id}: ${textsOf(q).flatMap(numberFormatSlips).join(', ')}`),
    possibleCues,
  };
}

/** Every threshold the report misses, as one line each; empty when the gate holds. */
export function gateFailures(report: ContentReport): string[] {
  const failures: string[] = [];
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  for (const t of report.tests) {
    const share = (n: number) => (t.items === 0 ? 0 : n / t.items);
    if (t.forms + 1e-9 < t.minForms)
      failures.push(`${t.slug}: ${t.forms.toFixed(2)} formas, el mínimo es ${t.minForms}`);
    if (share(t.keyStrictlyLongest.length) > GATE.keyStrictlyLongestMax)
      failures.push(
        `${t.slug}: clave estrictamente más larga en ${pct(share(t.keyStrictlyLongest.length))} (máx. ${pct(GATE.keyStrictlyLongestMax)})`,
      );
    if (share(t.keyStrictlyShortest.length) > GATE.keyStrictlyShortestMax)
      failures.push(
        `${t.slug}: clave estrictamente más corta en ${pct(share(t.keyStrictlyShortest.length))} (máx. ${pct(GATE.keyStrictlyShortestMax)})`,
      );
    if (share(t.keyMuchLonger.length) > GATE.keyMuchLongerMax)
      failures.push(
        `${t.slug}: clave ≥ ${GATE.keyMuchLongerRatio}× la media de los distractores en ${pct(share(t.keyMuchLonger.length))} (máx. ${pct(GATE.keyMuchLongerMax)})`,
      );
    for (const letter of LETTERS) {
      const s = t.fourOptionItems === 0 ? 0 : (t.keyPositions[letter] ?? 0) / t.fourOptionItems;
      if (s < GATE.keyPositionMin || s > GATE.keyPositionMax)
        failures.push(
          `${t.slug}: la clave es ${letter} en ${pct(s)} (entre ${pct(GATE.keyPositionMin)} y ${pct(GATE.keyPositionMax)})`,
        );
    }
    const listed = (label: string, ids: string[]) => {
      if (ids.length > 0)
        failures.push(
          `${t.slug}: ${label} (${ids.length}): ${ids.slice(0, 8).join('; ')}${ids.length > 8 ? '; …' : ''}`,
        );
    };
    listed('fuera del blueprint (eje o habilidad)', t.offBlueprint);
    listed('distractores sin «rationale»', t.missingRationale);
    listed('explicaciones que nombran alternativas por su letra', t.lettersInExplanations);
    listed('trato de usted', t.formalAddress);
    listed('números fuera del formato es-CL', t.numberFormat);
  }
  for (const d of report.exactDuplicates)
    failures.push(`duplicado: ${d.a} ≡ ${d.b} (similitud ${d.similarity.toFixed(2)})`);
  if (report.triviaFormalAddress.length > 0)
    failures.push(`trivias o lecciones con trato de usted: ${report.triviaFormalAddress.join('; ')}`);
  if (report.triviaNumberFormat.length > 0)
    failures.push(
      `trivias o lecciones con números fuera del formato es-CL: ${report.triviaNumberFormat.join('; ')}`,
    );
  return failures;
}

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    line(headers),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(r.map(String))),
  ].join('\n');
}

export function formatReport(report: ContentReport): string {
  const pct = (n: number, of: number) => (of === 0 ? '-' : `${((n / of) * 100).toFixed(0)}%`);
  const out: string[] = [];
  out.push(
    table(
      [
        'prueba',
        'ítems',
        'formas',
        'mín.',
        'subeje más escaso',
        'clave más larga',
        'clave más corta',
        'clave ≥1,5×',
        'A/B/C/D',
        'con recurso',
      ],
      report.tests.map((t) => [
        t.slug,
        t.items,
        t.forms.toFixed(2),
        t.minForms,
        `${t.scarcestForms.subSubject} ${t.scarcestForms.forms.toFixed(2)}`,
        pct(t.keyStrictlyLongest.length, t.items),
        pct(t.keyStrictlyShortest.length, t.items),
        pct(t.keyMuchLonger.length, t.items),
        LETTERS.map((l) => pct(t.keyPositions[l] ?? 0, t.fourOptionItems)).join('/'),
        t.withResource,
      ]),
    ),
  );
  for (const t of report.tests) {
    out.push('', `## ${t.title} (${t.slug}): ${t.items} ítems, forma de ${t.formLength}`);
    out.push(
      table(
        ['subeje', 'eje', 'banco', 'forma', 'formas'],
        t.ejes.map((e) => [
          e.subSubject,
          e.eje,
          e.bank,
          e.form,
          e.form === 0 ? '-' : (e.bank / e.form).toFixed(2),
        ]),
      ),
    );
    out.push(
      table(
        ['habilidad', 'banco', 'forma'],
        t.skills.map((s) => [s.skill, s.bank, s.form]),
      ),
    );
    out.push(
      table(
        ['dificultad', 'banco', 'forma'],
        t.difficulty.map((d) => [d.level, d.bank, d.form]),
      ),
    );
    if (Object.keys(t.passagesByType).length > 0)
      out.push(
        table(
          ['tipo de texto', 'textos'],
          Object.entries(t.passagesByType).map(([k, v]) => [k, v]),
        ),
      );
    if (t.possibleCues.length > 0)
      out.push(
        `posibles pistas entre ítems (revisar): ${t.possibleCues.map((c) => `${c.item} ← ${c.givenAwayBy} (${c.containment.toFixed(2)})`).join('; ')}`,
      );
  }
  if (report.nearDuplicates.length > 0) {
    out.push('', `## Casi duplicados (similitud ≥ ${GATE.nearDuplicate}; revisar)`);
    out.push(
      table(
        ['ítem', 'ítem', 'similitud'],
        report.nearDuplicates.map((d) => [d.a, d.b, d.similarity.toFixed(2)]),
      ),
    );
  }
  return out.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { problems, bundle } = validateContent();
  // Files that fail validation are left out of the figures below (and fail the gate).
  for (const p of problems.slice(0, 30)) console.error(formatProblem(p));
  if (problems.length > 0)
    console.error(
      `${problems.length} problema(s) de validación: los archivos inválidos quedan fuera del informe.\n`,
    );
  const report = buildReport(bundle);
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else console.log(formatReport(report));
  const failures = [
    ...(problems.length > 0
      ? [`${problems.length} problema(s) de validación (npx tsx content/validate.ts)`]
      : []),
    ...gateFailures(report),
  ];
  console.log('');
  if (failures.length === 0) console.log('Gate: todos los umbrales se cumplen.');
  else {
    console.log(`Gate: ${failures.length} umbral(es) sin cumplir:`);
    for (const f of failures) console.log(`- ${f}`);
  }
  process.exit(failures.length === 0 ? 0 : 1);
}
