import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assembleExam, drawQuestions, type Selectable, splitByWeight } from './examAssembly';

/** A small deterministic generator (mulberry32), so draws are reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('splitByWeight (largest remainder)', () => {
  it('gives the examples of the rule', () => {
    expect(splitByWeight(65, { a: 50, b: 50 })).toEqual({ a: 33, b: 32 });
    expect(splitByWeight(55, { a: 50, b: 50 })).toEqual({ a: 28, b: 27 });
    expect(splitByWeight(65, { lectora: 100 })).toEqual({ lectora: 65 });
    expect(splitByWeight(80, { bio: 22.5, fis: 22.5, qui: 22.5, fise: 32.5 })).toEqual({
      bio: 18,
      fis: 18,
      qui: 18,
      fise: 26,
    });
    expect(splitByWeight(80, { bio: 33, fis: 33, qui: 33 })).toEqual({ bio: 27, fis: 27, qui: 26 });
    expect(splitByWeight(80, { bio: 25, fis: 25, qui: 25, quie: 25 })).toEqual({
      bio: 20,
      fis: 20,
      qui: 20,
      quie: 20,
    });
  });

  it('gives leftovers to the largest remainders first, ties in the order of the weights', () => {
    // 10 at 1/2/3/4: quotas 1, 2, 3, 4 exactly.
    expect(splitByWeight(10, { a: 1, b: 2, c: 3, d: 4 })).toEqual({ a: 1, b: 2, c: 3, d: 4 });
    // 7 at 1/1/5: quotas 1, 1, 5 → exact.  8 at 1/1/5: 1.14, 1.14, 5.71 → c takes the extra.
    expect(splitByWeight(8, { a: 1, b: 1, c: 5 })).toEqual({ a: 1, b: 1, c: 6 });
    // 2 at 1/1/1: all remainders equal (2/3) → the first two.
    expect(splitByWeight(2, { a: 1, b: 1, c: 1 })).toEqual({ a: 1, b: 1, c: 0 });
    expect(splitByWeight(0, { a: 1, b: 1 })).toEqual({ a: 0, b: 0 });
  });

  it('always adds up to the total and keeps each share within one of its exact quota', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.array(
          fc.integer({ min: 1, max: 1000 }).map((w) => w / 10),
          { minLength: 1, maxLength: 6 },
        ),
        (total, weights) => {
          const map = Object.fromEntries(weights.map((w, i) => [`s${i}`, w]));
          const split = splitByWeight(total, map);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(Object.values(split).reduce((a, b) => a + b, 0)).toBe(total);
          for (const [i, w] of weights.entries()) {
            const quota = (total * w) / sum;
            const share = split[`s${i}`] ?? -1;
            expect(share).toBeGreaterThanOrEqual(Math.floor(quota + 1e-9));
            expect(share).toBeLessThanOrEqual(Math.ceil(quota - 1e-9));
          }
        },
      ),
    );
  });

  it('refuses impossible input', () => {
    expect(() => splitByWeight(-1, { a: 1 })).toThrow(RangeError);
    expect(() => splitByWeight(1.5, { a: 1 })).toThrow(RangeError);
    expect(() => splitByWeight(10, {})).toThrow(RangeError);
    expect(() => splitByWeight(10, { a: 0 })).toThrow(RangeError);
  });
});

const single = (n: number, prefix = 'q'): Selectable[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, seq: i }));

function passage(id: string, size: number, seqStart: number): Selectable[] {
  return Array.from({ length: size }, (_, i) => ({
    id: `${id}-q${i + 1}`,
    passageId: id,
    seq: seqStart + i,
  }));
}

describe('drawQuestions', () => {
  it('draws the count without repeats from a larger pool', () => {
    const pool = single(50);
    const drawn = drawQuestions(pool, 33, seeded(1));
    expect(drawn).toHaveLength(33);
    expect(new Set(drawn.map((q) => q.id)).size).toBe(33);
  });

  it('varies with the randomness and repeats with the same seed', () => {
    const pool = single(50);
    const a = drawQuestions(pool, 10, seeded(1)).map((q) => q.id);
    expect(drawQuestions(pool, 10, seeded(1)).map((q) => q.id)).toEqual(a);
    expect(drawQuestions(pool, 10, seeded(2)).map((q) => q.id)).not.toEqual(a);
  });

  it('returns the whole pool when it is smaller than the count', () => {
    expect(drawQuestions(single(5), 33, seeded(3))).toHaveLength(5);
    expect(drawQuestions([], 10, seeded(3))).toEqual([]);
  });

  it('takes passages whole, in authored order, and hits the count exactly when sizes allow', () => {
    // Reading: 65 from passages of 4–8 questions.
    const sizes = [8, 7, 6, 5, 4, 8, 7, 6, 5, 4, 6, 7, 8, 5];
    let seq = 0;
    const pool = sizes.flatMap((size, i) => {
      const block = passage(`p${i}`, size, seq);
      seq += size;
      return block;
    });
    for (let seed = 1; seed <= 25; seed++) {
      const drawn = drawQuestions(pool, 65, seeded(seed));
      expect(drawn).toHaveLength(65);
      const byPassage = new Map<string, Selectable[]>();
      for (const q of drawn)
        byPassage.set(q.passageId ?? '', [...(byPassage.get(q.passageId ?? '') ?? []), q]);
      for (const [id, questions] of byPassage) {
        expect(questions).toHaveLength(sizes[Number(id.slice(1))] ?? -1);
        expect(questions.map((q) => q.seq)).toEqual([...questions.map((q) => q.seq)].sort((a, b) => a - b));
      }
      // Questions of a passage are contiguous.
      const order = drawn.map((q) => q.passageId);
      const runs = order.filter((id, i) => id !== order[i - 1]);
      expect(new Set(runs).size).toBe(runs.length);
    }
  });

  it('comes as close below the count as whole passages allow', () => {
    const pool = [...passage('a', 8, 0), ...passage('b', 8, 8)];
    expect(drawQuestions(pool, 10, seeded(4))).toHaveLength(8);
    expect(drawQuestions([...pool, ...single(2, 's')], 10, seeded(4))).toHaveLength(10);
  });
});

describe('assembleExam', () => {
  const rules = {
    questionCount: 65,
    weights: { numeros_algebra_funciones: 50, geometria_probabilidad_estadistica: 50 },
    subjectLabels: { numeros_algebra_funciones: 'Números', geometria_probabilidad_estadistica: 'Geometría' },
  };

  it('fills each sub-subject with its share, in the order of the weights', () => {
    const exam = assembleExam(
      rules,
      { numeros_algebra_funciones: single(40, 'n'), geometria_probabilidad_estadistica: single(40, 'g') },
      seeded(5),
    );
    expect(exam).toMatchObject({ requested: 65, delivered: 65, complete: true });
    expect(exam.subSubjects).toEqual([
      { subSubject: 'numeros_algebra_funciones', label: 'Números', weight: 50, requested: 33, delivered: 33 },
      {
        subSubject: 'geometria_probabilidad_estadistica',
        label: 'Geometría',
        weight: 50,
        requested: 32,
        delivered: 32,
      },
    ]);
    expect(exam.questions.slice(0, 33).every((q) => q.id.startsWith('n'))).toBe(true);
    expect(exam.questions.slice(33).every((q) => q.id.startsWith('g'))).toBe(true);
  });

  it('says so when the bank cannot fill the count, and never borrows or invents', () => {
    const exam = assembleExam(
      rules,
      { numeros_algebra_funciones: single(40, 'n'), geometria_probabilidad_estadistica: single(10, 'g') },
      seeded(6),
    );
    expect(exam).toMatchObject({ requested: 65, delivered: 43, complete: false });
    expect(exam.subSubjects.map((s) => [s.requested, s.delivered])).toEqual([
      [33, 33],
      [32, 10],
    ]);
    expect(assembleExam(rules, {}, seeded(6))).toMatchObject({
      delivered: 0,
      complete: false,
      questions: [],
    });
  });
});
