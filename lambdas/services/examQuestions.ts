/**
 * The questions and passages of an attempt in the versions it fixed: one lookup shared by the
 * running paper, the grading and the review.
 */
import type { AttemptQuestionRef } from '@core/domain/examAttempt';
import { versionKey } from '@core/domain/examAttempt';
import type { BankQuestionItem } from '../data/contentItems';
import { getPassages, getQuestionVersions } from '../data/contentRepository';

/** The bank items of the attempt's questions, by `versionKey(id, version)`. */
export async function questionVersionsOf(
  refs: readonly AttemptQuestionRef[],
): Promise<Map<string, BankQuestionItem>> {
  const bank = await getQuestionVersions(refs);
  return new Map(bank.map((item) => [versionKey(item.id, item.version), item]));
}

/** Each of the attempt's questions in its fixed version; a missing one is a storage fault. */
export async function attemptQuestions(
  attemptId: string,
  refs: readonly AttemptQuestionRef[],
): Promise<{ ref: AttemptQuestionRef; item: BankQuestionItem }[]> {
  const byVersion = await questionVersionsOf(refs);
  return refs.map((ref) => {
    const item = byVersion.get(versionKey(ref.id, ref.version));
    if (!item) throw new Error(`question ${ref.id} v${ref.version} of attempt ${attemptId} is missing`);
    return { ref, item };
  });
}

/** The passages the attempt's questions use, in their fixed versions. */
export async function attemptPassages(refs: readonly AttemptQuestionRef[]) {
  const passageRefs = refs.flatMap((q) =>
    q.passageId && q.passageVersion !== undefined ? [{ id: q.passageId, version: q.passageVersion }] : [],
  );
  return { passageRefs, passages: passageRefs.length > 0 ? await getPassages(passageRefs) : [] };
}
