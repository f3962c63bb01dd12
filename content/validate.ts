/**
 * Validates content files: `npx tsx content/validate.ts [files…]` (all of content/ when none given).
 * Reports every problem as «file › item › field: message» and exits non-zero when any exists.
 *
 * Two layers: each file against its schema and the machine checks of its items, then the rules
 * that span files (catalogue ↔ bank ↔ subjects, images on disk). With file arguments the
 * cross-file rules see the catalogue plus only those files, so an author can check a file alone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  type Blueprint,
  BlueprintsSchema,
  type CourseConfig,
  CoursesCatalogueSchema,
  checkAgainstKey,
  type QuestionFile,
  QuestionFileSchema,
  type SkillArea,
  type Subject,
  SubjectSchema,
  skillsOf,
  type Test,
  TestsCatalogueSchema,
} from '@core/content/schema';
import { splitByWeight } from '@core/domain/examAssembly';
import { z } from 'zod';

// Authors read the messages: zod's own ones in Spanish too, like ours.
z.config(z.locales.es());

export interface ContentProblem {
  file: string;
  item: string;
  field: string;
  message: string;
}

/** Every content file, parsed and valid on its own. Paths are relative to the content root. */
export interface ContentBundle {
  tests: Test[];
  /** Test slug → what a full form holds (catalogue/blueprints.json). */
  blueprints: Record<string, Blueprint>;
  courses: CourseConfig[];
  questionFiles: { file: string; data: QuestionFile }[];
  subjects: { file: string; data: Subject }[];
}

export const contentDir = path.resolve(import.meta.dirname);

const TESTS_FILE = 'catalogue/tests.json';
const COURSES_FILE = 'catalogue/courses.json';
const BLUEPRINTS_FILE = 'catalogue/blueprints.json';

/** Passages need enough questions to be worth reading, and few enough to fit an exam block. */
export const PASSAGE_QUESTIONS = { min: 4, max: 8 } as const;

export function listContentFiles(dir: string = contentDir): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...listContentFiles(full));
    else if (entry.endsWith('.json')) files.push(full);
  }
  return files.sort();
}

type FileKind = 'tests' | 'courses' | 'blueprints' | 'questions' | 'subject';

function kindOf(file: string, root: string): FileKind | null {
  const relative = path.relative(root, file).split(path.sep).join('/');
  if (relative === TESTS_FILE) return 'tests';
  if (relative === COURSES_FILE) return 'courses';
  if (relative === BLUEPRINTS_FILE) return 'blueprints';
  if (relative.startsWith('questions/')) return 'questions';
  if (relative.startsWith('subjects/')) return 'subject';
  return null;
}

const SCHEMAS: Record<FileKind, z.ZodType> = {
  tests: TestsCatalogueSchema,
  courses: CoursesCatalogueSchema,
  blueprints: BlueprintsSchema,
  questions: QuestionFileSchema,
  subject: SubjectSchema,
};

interface ParsedFile {
  file: string;
  kind: FileKind;
  data: unknown;
}

function parseFiles(files: string[], root: string): { problems: ContentProblem[]; parsed: ParsedFile[] } {
  const problems: ContentProblem[] = [];
  const parsed: ParsedFile[] = [];
  for (const file of files) {
    const name = path.relative(root, file).split(path.sep).join('/');
    const kind = kindOf(file, root);
    if (!kind) continue;
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
    const result = SCHEMAS[kind].safeParse(data);
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
    parsed.push({ file: name, kind, data: result.data });
  }
  return { problems, parsed };
}

/**
 * Validates a whole content directory (every file, then the cross-file rules). The bundle holds
 * the files that are valid on their own; load it only when `problems` is empty.
 */
export function validateContent(
  root: string = contentDir,
  files?: string[],
): {
  problems: ContentProblem[];
  bundle: ContentBundle;
} {
  const all = listContentFiles(root);
  // The catalogue is always read: cross-file rules need it even when checking a single file.
  const chosen = files
    ? [
        ...new Set([
          ...all.filter((f) => ['tests', 'courses', 'blueprints'].includes(kindOf(f, root) ?? '')),
          ...files,
        ]),
      ]
    : all;
  const { problems, parsed } = parseFiles(chosen, root);
  const bundle: ContentBundle = { tests: [], blueprints: {}, courses: [], questionFiles: [], subjects: [] };
  for (const { file, kind, data } of parsed) {
    if (kind === 'tests') bundle.tests = (data as { tests: Test[] }).tests;
    else if (kind === 'blueprints')
      bundle.blueprints = (data as { blueprints: Record<string, Blueprint> }).blueprints;
    else if (kind === 'courses') bundle.courses = (data as { courses: CourseConfig[] }).courses;
    else if (kind === 'questions') bundle.questionFiles.push({ file, data: data as QuestionFile });
    else bundle.subjects.push({ file, data: data as Subject });
  }
  const names = new Set(parsed.map((p) => p.file));
  for (const required of [TESTS_FILE, COURSES_FILE, BLUEPRINTS_FILE]) {
    const present = all.some((f) => path.relative(root, f).split(path.sep).join('/') === required);
    if (!present)
      problems.push({ file: required, item: '-', field: '-', message: 'falta el archivo del catálogo' });
  }
  // Cross-file rules against a broken catalogue would only repeat its problems.
  if (names.has(TESTS_FILE) && names.has(COURSES_FILE) && names.has(BLUEPRINTS_FILE))
    problems.push(...crossFileProblems(bundle, root));
  return { problems, bundle };
}

/** The rules that span files. Exported for the tests; `validateContent` applies them. */
export function crossFileProblems(bundle: ContentBundle, root: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const add = (file: string, item: string, field: string, message: string) =>
    problems.push({ file, item, field, message });
  const imageExists = (file: string, item: string, field: string, image: string | undefined) => {
    if (image && !existsSync(path.join(root, image)))
      add(file, item, field, `la imagen «${image}» no existe en content/`);
  };
  const markdownImages = (file: string, item: string, field: string, text: string | undefined) => {
    for (const [, target] of (text ?? '').matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)/g)) {
      if (!target) continue;
      if (!/^images\//.test(target))
        add(file, item, field, `la imagen «${target}» debe ser una ruta images/… dentro de content/`);
      else imageExists(file, item, field, target);
    }
  };

  // Catalogue.
  const tests = new Map<string, Test>();
  for (const [i, test] of bundle.tests.entries()) {
    if (tests.has(test.slug)) add(TESTS_FILE, test.slug, `tests.${i}.slug`, `slug repetido «${test.slug}»`);
    tests.set(test.slug, test);
    for (const field of ['image', 'activeImage', 'ribbonImage'] as const) {
      imageExists(TESTS_FILE, test.slug, `tests.${i}.${field}`, test[field]);
    }
  }
  const courseIds = new Set<string>();
  for (const [c, course] of bundle.courses.entries()) {
    if (courseIds.has(course.id))
      add(COURSES_FILE, course.id, `courses.${c}.id`, `curso repetido «${course.id}»`);
    courseIds.add(course.id);
    const profileIds = new Set<string>();
    for (const [p, profile] of course.profiles.entries()) {
      if (profileIds.has(profile.id))
        add(COURSES_FILE, profile.id, `courses.${c}.profiles.${p}.id`, `perfil repetido «${profile.id}»`);
      profileIds.add(profile.id);
      for (const [t, slug] of profile.tests.entries()) {
        const field = `courses.${c}.profiles.${p}.tests.${t}`;
        const test = tests.get(slug);
        if (!test) add(COURSES_FILE, profile.id, field, `prueba desconocida «${slug}»`);
        else if (test.course !== course.id)
          add(COURSES_FILE, profile.id, field, `«${slug}» es de ${test.course}, no de ${course.id}`);
        else if (!test.display)
          add(
            COURSES_FILE,
            profile.id,
            field,
            `«${slug}» no se muestra (display: false) y no puede ofrecerse`,
          );
      }
    }
  }
  for (const [i, test] of bundle.tests.entries()) {
    if (!courseIds.has(test.course))
      add(TESTS_FILE, test.slug, `tests.${i}.course`, `curso desconocido «${test.course}»`);
  }

  problems.push(...blueprintProblems(bundle.blueprints, tests));

  // Question bank and trivia share one id space: `ANSWERED#<id>` and `QUESTION#<id>` key both.
  const seenIds = new Map<string, string>();
  const claimId = (file: string, id: string, field: string) => {
    const first = seenIds.get(id);
    if (first) add(file, id, field, `id repetido: ya existe en ${first}`);
    else seenIds.set(id, file);
  };
  const passages = new Map<string, { file: string; field: string; questions: number }>();
  for (const { file, data } of bundle.questionFiles) {
    for (const [i, passage] of (data.passages ?? []).entries()) {
      const first = passages.get(passage.id);
      if (first) add(file, passage.id, `passages.${i}.id`, `texto repetido: ya existe en ${first.file}`);
      else passages.set(passage.id, { file, field: `passages.${i}`, questions: 0 });
      markdownImages(file, passage.id, `passages.${i}.text`, passage.text);
    }
  }
  for (const { file, data } of bundle.questionFiles) {
    for (const [i, question] of data.questions.entries()) {
      const at = `questions.${i}`;
      claimId(file, question.id, `${at}.id`);
      for (const [t, slug] of question.tests.entries()) {
        const test = tests.get(slug);
        if (!test) add(file, question.id, `${at}.tests.${t}`, `prueba desconocida «${slug}»`);
        else if (!(question.subSubject in test.rules.weights)) {
          add(
            file,
            question.id,
            `${at}.subSubject`,
            `«${question.subSubject}» no es un subeje de «${slug}» (${Object.keys(test.rules.weights).join(', ')})`,
          );
        }
      }
      for (const slug of question.tests) {
        const test = tests.get(slug);
        const blueprint = bundle.blueprints[slug];
        if (!test) continue;
        if (!skillsOf(test.area as SkillArea).includes(question.skill)) {
          add(
            file,
            question.id,
            `${at}.skill`,
            `«${question.skill}» no es una habilidad de ${test.area} (${skillsOf(test.area as SkillArea).join(', ')})`,
          );
        }
        const ejes = blueprint?.ejes[question.subSubject];
        if (ejes && !(question.eje in ejes)) {
          add(
            file,
            question.id,
            `${at}.eje`,
            `«${question.eje}» no es un eje de «${question.subSubject}» en el blueprint de «${slug}» (${Object.keys(ejes).join(', ')})`,
          );
        }
      }
      if (question.passageId) {
        const passage = passages.get(question.passageId);
        if (!passage) add(file, question.id, `${at}.passageId`, `texto desconocido «${question.passageId}»`);
        else passage.questions++;
      }
      imageExists(file, question.id, `${at}.image`, question.image);
      markdownImages(file, question.id, `${at}.stem`, question.stem);
      markdownImages(file, question.id, `${at}.explanation`, question.explanation);
      for (const [a, alternative] of question.alternatives.entries()) {
        imageExists(file, question.id, `${at}.alternatives.${a}.image`, alternative.image);
      }
    }
  }
  for (const [id, passage] of passages) {
    if (passage.questions < PASSAGE_QUESTIONS.min || passage.questions > PASSAGE_QUESTIONS.max) {
      add(
        passage.file,
        id,
        passage.field,
        `un texto necesita entre ${PASSAGE_QUESTIONS.min} y ${PASSAGE_QUESTIONS.max} preguntas (tiene ${passage.questions})`,
      );
    }
  }

  const subjectIds = new Map<string, string>();
  for (const { file, data: subject } of bundle.subjects) {
    const first = subjectIds.get(subject.id);
    if (first) add(file, subject.id, 'id', `asignatura repetida: ya existe en ${first}`);
    else subjectIds.set(subject.id, file);
    for (const [t, slug] of subject.tests.entries()) {
      if (!tests.has(slug)) add(file, subject.id, `tests.${t}`, `prueba desconocida «${slug}»`);
    }
    imageExists(file, subject.id, 'icon', subject.icon);
    for (const [l, lesson] of subject.lessons.entries()) {
      for (const [s, submodule] of lesson.submodules.entries()) {
        const at = `lessons.${l}.submodules.${s}`;
        markdownImages(file, submodule.id, `${at}.content`, submodule.content);
        for (const [q, trivia] of submodule.trivia.entries()) {
          const tat = `${at}.trivia.${q}`;
          claimId(file, trivia.id, `${tat}.id`);
          imageExists(file, trivia.id, `${tat}.image`, trivia.image);
          markdownImages(file, trivia.id, `${tat}.stem`, trivia.stem);
          markdownImages(file, trivia.id, `${tat}.explanation`, trivia.explanation);
          for (const [a, alternative] of trivia.alternatives.entries()) {
            imageExists(file, trivia.id, `${tat}.alternatives.${a}.image`, alternative.image);
          }
        }
      }
    }
  }
  return problems;
}

/**
 * A blueprint describes a full form of its test: its sub-subjects are the test's weights, split
 * as the assembly splits them; its skills are the test area's; every count adds up to the form.
 */
function blueprintProblems(
  blueprints: Record<string, Blueprint>,
  tests: Map<string, Test>,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const add = (slug: string, field: string, message: string) =>
    problems.push({ file: BLUEPRINTS_FILE, item: slug, field: `blueprints.${slug}.${field}`, message });
  for (const [slug, blueprint] of Object.entries(blueprints)) {
    const test = tests.get(slug);
    if (!test) {
      add(slug, 'slug', `prueba desconocida «${slug}»`);
      continue;
    }
    const size = test.rules.questionCount;
    const split = splitByWeight(size, test.rules.weights);
    const subjects = Object.keys(blueprint.ejes);
    if (subjects.join() !== Object.keys(split).join())
      add(
        slug,
        'ejes',
        `los subejes deben ser los de la prueba, en orden (${Object.keys(split).join(', ')})`,
      );
    for (const [sub, ejes] of Object.entries(blueprint.ejes)) {
      const total = Object.values(ejes).reduce((a, b) => a + b, 0);
      if (split[sub] !== undefined && total !== split[sub])
        add(slug, `ejes.${sub}`, `los ejes suman ${total}; el subeje lleva ${split[sub]} preguntas`);
    }
    const skills = skillsOf(test.area as SkillArea);
    for (const skill of Object.keys(blueprint.skills)) {
      if (!skills.includes(skill))
        add(slug, `skills.${skill}`, `«${skill}» no es una habilidad de ${test.area}`);
    }
    const skillTotal = Object.values(blueprint.skills).reduce((a, b) => a + b, 0);
    if (skillTotal !== size) add(slug, 'skills', `las habilidades suman ${skillTotal}, no ${size}`);
    const { baja, media, alta } = blueprint.difficulty;
    if (baja + media + alta !== size)
      add(slug, 'difficulty', `la dificultad suma ${baja + media + alta}, no ${size}`);
  }
  for (const test of tests.values()) {
    if (test.course === 'paes' && test.display && !blueprints[test.slug])
      add(test.slug, 'slug', 'toda prueba PAES que se muestra necesita su blueprint');
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
    // An alternative's id is a letter: the item a reader looks for is its question.
    if (node === null || typeof node !== 'object' || key === 'alternatives') break;
    node = (node as Record<PropertyKey, unknown>)[key];
    const nodeId =
      (node as { id?: unknown; slug?: unknown } | null)?.id ?? (node as { slug?: unknown } | null)?.slug;
    if (typeof nodeId === 'string') id = nodeId;
  }
  return id;
}

export function formatProblem(p: ContentProblem): string {
  return `${p.file} › ${p.item} › ${p.field}: ${p.message}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2).map((f) => path.resolve(f));
  const { problems, bundle } = validateContent(contentDir, args.length > 0 ? args : undefined);
  for (const p of problems) console.error(formatProblem(p));
  const questions = bundle.questionFiles.reduce((n, f) => n + f.data.questions.length, 0);
  console.log(
    problems.length === 0
      ? `OK: ${bundle.tests.length} pruebas, ${questions} preguntas en ${bundle.questionFiles.length} archivo(s), ${bundle.subjects.length} asignatura(s).`
      : `${problems.length} problema(s).`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
