/**
 * Keys of the items in the content table (docs/data-model.md). The loader writes with them and
 * the repository reads with them, so both sides always agree.
 */
const pad = (n: number, width: number) => String(n).padStart(width, '0');

export const contentKeys = {
  course: (course: string) => `COURSE#${course}`,
  courseConfig: 'CONFIG',
  courseTest: (slug: string) => `TEST#${slug}`,
  /** Zero-padded order first, so `Query(begins_with SUBJECT#)` returns the subjects in order. */
  courseSubject: (order: number, subjectId: string) => `SUBJECT#${pad(order, 4)}#${subjectId}`,
  courseSubjectPrefix: 'SUBJECT#',
  test: (slug: string) => `TEST#${slug}`,
  meta: 'META',
  subject: (subjectId: string) => `SUBJECT#${subjectId}`,
  lesson: (index: number, lessonId: string) => `LESSON#${pad(index, 3)}#${lessonId}`,
  lessonPrefix: 'LESSON#',
  pool: (testSlug: string, subSubject: string) => `POOL#${testSlug}#${subSubject}`,
  poolQuestion: (questionId: string) => `Q#${questionId}`,
  question: (questionId: string) => `QUESTION#${questionId}`,
  version: (version: number) => `V#${version}`,
  latest: 'LATEST',
  passage: (passageId: string) => `PASSAGE#${passageId}`,
  /** What the last load wrote: its hash lets the loader skip an unchanged content directory. */
  manifest: { pk: 'CONTENT', sk: 'MANIFEST' },
} as const;

/** Items that keep old versions for past attempts: the loader never deletes them. */
export const isVersionHistoryKey = (pk: string, sk: string): boolean =>
  (pk.startsWith('QUESTION#') || pk.startsWith('PASSAGE#')) && sk.startsWith('V#');
