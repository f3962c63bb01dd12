import { z } from 'zod';
import { getPassages, getTest, listPool } from '../data/contentRepository';
import { type ExamPaper, type PublicQuestion, publicPassage, testSummary } from '../domain/contentViews';
import { assembleExam } from '../domain/examAssembly';
import { NotFoundError } from '../lib/errors';
import { createModuleHandler, ok, userOperation } from '../lib/handler';

const examPath = z.object({ id: z.string().trim().min(1).max(100) });

export const operations = {
  /**
   * `GET /api/exam/{id}` (id = test slug): a practice exam drawn from the bank by the test's
   * rules. Hidden tests (display: false) are not offered but still load by slug.
   */
  getExam: userOperation({
    path: examPath,
    run: async ({ path }) => {
      const test = await getTest(path.id);
      if (!test) throw new NotFoundError('No encontramos esa prueba.');
      const subSubjects = Object.keys(test.rules.weights);
      const pools = Object.fromEntries(
        await Promise.all(subSubjects.map(async (sub) => [sub, await listPool(test.slug, sub)] as const)),
      );
      const exam = assembleExam(test.rules, pools);
      const passageRefs = exam.questions.flatMap((q) =>
        q.passageId && q.passageVersion !== undefined ? [{ id: q.passageId, version: q.passageVersion }] : [],
      );
      const passages = passageRefs.length > 0 ? await getPassages(passageRefs) : [];
      // Passages in the order their first question appears.
      const order = new Map<string, number>();
      for (const ref of passageRefs) if (!order.has(ref.id)) order.set(ref.id, order.size);
      const paper: ExamPaper = {
        test: testSummary(test),
        questions: exam.questions.map(toPublicQuestion),
        passages: passages.map(publicPassage).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
        requested: exam.requested,
        delivered: exam.delivered,
        complete: exam.complete,
        subSubjects: exam.subSubjects,
      };
      return ok(paper);
    },
  }),
};

/** Pool items hold no keys already; this allow-list keeps the answer free of storage fields too. */
function toPublicQuestion(item: PublicQuestion): PublicQuestion {
  return {
    id: item.id,
    version: item.version,
    subSubject: item.subSubject,
    eje: item.eje,
    taxonomy: item.taxonomy,
    difficulty: item.difficulty,
    ...(item.passageId ? { passageId: item.passageId } : {}),
    stem: item.stem,
    ...(item.image ? { image: item.image } : {}),
    alternatives: item.alternatives.map((a) => ({
      id: a.id,
      type: a.type,
      ...(a.text !== undefined ? { text: a.text } : {}),
      ...(a.image !== undefined ? { image: a.image } : {}),
    })),
  };
}

export const handler = createModuleHandler('exam', operations);
