/**
 * What a student may see of the content. Every view is built field by field from an allow-list,
 * never by copying and deleting, so a field added to the content later stays private until it is
 * added here on purpose. Answer keys (`correct`), machine-check data (`value`, `check`) and
 * explanations appear only in the revealed views.
 */
import type {
  Alternative,
  Lesson,
  Passage,
  Question,
  Subject,
  Submodule,
  Test,
  TriviaQuestion,
} from '../content/schema';
import type { SubSubjectShare } from './examAssembly';

export type AlternativeId = Alternative['id'];

export interface PublicAlternative {
  id: AlternativeId;
  type: 'text' | 'image';
  text?: string;
  image?: string;
}

export interface RevealedAlternative extends PublicAlternative {
  correct: boolean;
  /** Why a distractor is wrong (the typical mistake behind it); absent on the key. */
  rationale?: string;
}

/** A bank question as it appears in a practice exam: no key, no explanation. */
export interface PublicQuestion {
  id: string;
  version: number;
  subSubject: string;
  eje: string;
  skill: Question['skill'];
  difficulty: Question['difficulty'];
  passageId?: string;
  stem: string;
  image?: string;
  alternatives: PublicAlternative[];
}

export interface PublicPassage {
  id: string;
  version: number;
  title: string;
  genre: Passage['genre'];
  textType: string;
  source?: string;
  text: string;
}

export interface PublicTrivia {
  id: string;
  stem: string;
  image?: string;
  alternatives: PublicAlternative[];
}

/**
 * A trivia question of a lesson the student may open, with its key and explanation: trivia is
 * study material and the player gives feedback at once (docs/decisions.md). Bank questions never
 * travel this way.
 */
export interface StudyTrivia {
  id: string;
  stem: string;
  image?: string;
  alternatives: RevealedAlternative[];
  correct: AlternativeId;
  explanation: string;
}

export interface OpenSubmodule {
  id: string;
  title: string;
  content: string;
  trivia: StudyTrivia[];
}

/** A submodule of a locked lesson: its title only. */
export interface LockedSubmodule {
  id: string;
  title: string;
}

/** A lesson the student may open: study content and trivia. */
export interface OpenLesson {
  id: string;
  title: string;
  summary: string;
  locked: false;
  submodules: OpenSubmodule[];
}

/** A lesson beyond the free allowance: what it covers, never its content. */
export interface LockedLesson {
  id: string;
  title: string;
  summary: string;
  locked: true;
  submodules: LockedSubmodule[];
}

export type SubjectLesson = OpenLesson | LockedLesson;

/** An item of `GET /api/subject?course=`. */
export interface SubjectSummary {
  _id: string;
  id: string;
  title: string;
  description: string;
  icon: string;
  courses: Subject['courses'];
  tests: string[];
  order: number;
  lessonCount: number;
}

/** The first item of `GET /api/subject/{id}`: the shape the study centre reads (`_id`, lessons, submodules). */
export interface SubjectDetail extends Omit<SubjectSummary, 'lessonCount'> {
  lessons: SubjectLesson[];
}

/** A test as the exam screen shows it. */
export interface TestSummary {
  slug: string;
  course: Test['course'];
  area: Test['area'];
  title: string;
  shortTitle: string;
  color: string;
  image: string;
  activeImage: string;
  ribbonImage: string;
  durationMinutes: number;
  display: boolean;
  order: number;
  questionCount: number;
}

interface RevealedCommon {
  _id: string;
  id: string;
  stem: string;
  image?: string;
  alternatives: RevealedAlternative[];
  correct: AlternativeId;
  explanation: string;
}

/** The first item of `GET /api/question/{id}` once the student has answered it. */
export type QuestionDetail =
  | (RevealedCommon & {
      kind: 'bank';
      version: number;
      tests: string[];
      subSubject: string;
      eje: string;
      skill: Question['skill'];
      difficulty: Question['difficulty'];
      passage: PublicPassage | null;
    })
  | (RevealedCommon & { kind: 'trivia'; subjectId: string; lessonId: string; submoduleId: string });

/** The answer of `GET /api/question/{id}`: `[detail]`, or `[false]` (spec section 7). */
export type QuestionAnswer = [QuestionDetail] | [false];

/** The answer of `GET /api/exam/{id}`: the questions without keys or explanations. */
export interface ExamPaper {
  test: TestSummary;
  questions: PublicQuestion[];
  /** The reading passages the questions refer to by `passageId`. */
  passages: PublicPassage[];
  /** The test's question count. */
  requested: number;
  /** How many questions the bank could provide (never more than `requested`). */
  delivered: number;
  /** False when the bank cannot fill the test yet: the paper holds only real questions. */
  complete: boolean;
  subSubjects: SubSubjectShare[];
}

const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

export function publicAlternative(alternative: Alternative): PublicAlternative {
  return {
    id: alternative.id,
    type: alternative.image && !alternative.text ? 'image' : 'text',
    ...optional('text', alternative.text),
    ...optional('image', alternative.image),
  };
}

export function publicQuestion(question: Question): PublicQuestion {
  return {
    id: question.id,
    version: question.version,
    subSubject: question.subSubject,
    eje: question.eje,
    skill: question.skill,
    difficulty: question.difficulty,
    ...optional('passageId', question.passageId),
    stem: question.stem,
    ...optional('image', question.image),
    alternatives: question.alternatives.map(publicAlternative),
  };
}

export function publicPassage(passage: Passage): PublicPassage {
  return {
    id: passage.id,
    version: passage.version,
    title: passage.title,
    genre: passage.genre,
    textType: passage.textType,
    ...optional('source', passage.source),
    text: passage.text,
  };
}

export function publicTrivia(trivia: TriviaQuestion): PublicTrivia {
  return {
    id: trivia.id,
    stem: trivia.stem,
    ...optional('image', trivia.image),
    alternatives: trivia.alternatives.map(publicAlternative),
  };
}

export function studyTrivia(trivia: TriviaQuestion): StudyTrivia {
  return {
    id: trivia.id,
    stem: trivia.stem,
    ...optional('image', trivia.image),
    ...revealed(trivia.alternatives),
    explanation: trivia.explanation,
  };
}

export function openLesson(lesson: Lesson): OpenLesson {
  return {
    id: lesson.id,
    title: lesson.title,
    summary: lesson.summary,
    locked: false,
    submodules: lesson.submodules.map((submodule: Submodule) => ({
      id: submodule.id,
      title: submodule.title,
      content: submodule.content,
      trivia: submodule.trivia.map(studyTrivia),
    })),
  };
}

export function lockedLesson(lesson: Lesson): LockedLesson {
  return {
    id: lesson.id,
    title: lesson.title,
    summary: lesson.summary,
    locked: true,
    submodules: lesson.submodules.map((submodule) => ({ id: submodule.id, title: submodule.title })),
  };
}

type SubjectHeader = Omit<Subject, 'lessons'>;

export function subjectSummary(subject: SubjectHeader, lessonCount: number): SubjectSummary {
  return {
    _id: subject.id,
    id: subject.id,
    title: subject.title,
    description: subject.description,
    icon: subject.icon,
    courses: subject.courses,
    tests: subject.tests,
    order: subject.order,
    lessonCount,
  };
}

/** The subject with each lesson open or locked, as `mayOpen` (by lesson index) decides. */
export function subjectDetail(
  subject: SubjectHeader,
  lessons: Lesson[],
  mayOpen: readonly boolean[],
): SubjectDetail {
  const { lessonCount: _, ...header } = subjectSummary(subject, lessons.length);
  return {
    ...header,
    lessons: lessons.map((lesson, index) =>
      mayOpen[index] === true ? openLesson(lesson) : lockedLesson(lesson),
    ),
  };
}

export function testSummary(test: Test): TestSummary {
  return {
    slug: test.slug,
    course: test.course,
    area: test.area,
    title: test.title,
    shortTitle: test.shortTitle,
    color: test.color,
    image: test.image,
    activeImage: test.activeImage,
    ribbonImage: test.ribbonImage,
    durationMinutes: test.durationMinutes,
    display: test.display,
    order: test.order,
    questionCount: test.rules.questionCount,
  };
}

function revealed(alternatives: Alternative[]): {
  alternatives: RevealedAlternative[];
  correct: AlternativeId;
} {
  const key = alternatives.find((a) => a.correct);
  // The schema guarantees exactly one key; a stored item without one is corrupt.
  if (!key) throw new Error('question without a keyed alternative');
  return {
    alternatives: alternatives.map((a) => ({
      ...publicAlternative(a),
      correct: a.correct === true,
      ...optional('rationale', a.rationale),
    })),
    correct: key.id,
  };
}

export function bankQuestionDetail(question: Question, passage: Passage | null): QuestionDetail {
  return {
    kind: 'bank',
    _id: question.id,
    id: question.id,
    version: question.version,
    tests: question.tests,
    subSubject: question.subSubject,
    eje: question.eje,
    skill: question.skill,
    difficulty: question.difficulty,
    stem: question.stem,
    ...optional('image', question.image),
    passage: passage ? publicPassage(passage) : null,
    ...revealed(question.alternatives),
    explanation: question.explanation,
  };
}

export function triviaDetail(
  trivia: TriviaQuestion,
  where: { subjectId: string; lessonId: string; submoduleId: string },
): QuestionDetail {
  return {
    kind: 'trivia',
    _id: trivia.id,
    id: trivia.id,
    subjectId: where.subjectId,
    lessonId: where.lessonId,
    submoduleId: where.submoduleId,
    stem: trivia.stem,
    ...optional('image', trivia.image),
    ...revealed(trivia.alternatives),
    explanation: trivia.explanation,
  };
}
