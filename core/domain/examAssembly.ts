/**
 * How a practice exam is drawn from the bank: the test's question count is split by its
 * sub-subject weights, then each sub-subject's share is drawn at random from its pool, keeping the
 * questions of a reading passage together. Pure: the randomness comes in as a function.
 */

/**
 * Splits `total` questions by `weights` with the largest-remainder (Hamilton) rule:
 * 1. each sub-subject gets the whole part of its exact quota `total × weight / Σ weights`;
 * 2. the questions left over go, one each, to the largest fractional remainders;
 * 3. equal remainders are broken by the order of the weight map (the test's own order).
 *
 * Weights are relative, so 33/33/33 splits like 1/1/1. Examples (section 9 of the spec):
 * 65 at 50/50 → 33/32; 80 at 22.5×3/32.5 → 18/18/18/26; 80 at 33×3 → 27/27/26; 55 at 50/50 → 28/27.
 * Arithmetic is done on integers (weights scaled by 1000) so remainders compare exactly.
 */
export function splitByWeight(total: number, weights: Record<string, number>): Record<string, number> {
  if (!Number.isInteger(total) || total < 0)
    throw new RangeError(`total must be a whole number ≥ 0 (${total})`);
  const entries = Object.entries(weights);
  if (entries.length === 0) throw new RangeError('at least one weight is needed');
  const scaled = entries.map(([key, weight]) => {
    if (!(weight > 0)) throw new RangeError(`weight of ${key} must be positive (${weight})`);
    return { key, weight: Math.round(weight * 1000) };
  });
  const sum = scaled.reduce((acc, { weight }) => acc + weight, 0);
  const shares = scaled.map(({ key, weight }, index) => ({
    key,
    index,
    whole: Math.floor((total * weight) / sum),
    remainder: (total * weight) % sum,
  }));
  let leftover = total - shares.reduce((acc, share) => acc + share.whole, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const share of byRemainder) {
    if (leftover === 0) break;
    share.whole += 1;
    leftover -= 1;
  }
  return Object.fromEntries(shares.map(({ key, whole }) => [key, whole]));
}

/** What the assembly needs to know of a bank question. */
export interface Selectable {
  id: string;
  passageId?: string;
  /** Position in the bank as authored: questions of a passage keep this order. */
  seq: number;
}

/**
 * Draws `count` questions from `pool` at random. Questions sharing a passage form one block that
 * is taken whole or not at all; among the random orderings of the blocks, a 0/1 knapsack picks
 * blocks whose sizes add up to exactly `count` when possible, otherwise as close below as possible.
 * Blocks come out in their random order, each in authored order.
 */
export function drawQuestions<T extends Selectable>(
  pool: readonly T[],
  count: number,
  random: () => number,
): T[] {
  const blocks = new Map<string, T[]>();
  for (const question of pool) {
    const key = question.passageId ? `passage:${question.passageId}` : `question:${question.id}`;
    const block = blocks.get(key);
    if (block) block.push(question);
    else blocks.set(key, [question]);
  }
  const groups = shuffle([...blocks.values()], random).map((block) => block.sort((a, b) => a.seq - b.seq));

  // reachedBy[s] = index of the block that first made the sum s reachable (-1: not reachable).
  const reachedBy = new Array<number>(count + 1).fill(-1);
  const START = -2;
  reachedBy[0] = START;
  for (const [index, group] of groups.entries()) {
    for (let sum = count; sum >= group.length; sum--) {
      if (reachedBy[sum] === -1 && reachedBy[sum - group.length] !== -1) reachedBy[sum] = index;
    }
  }
  let sum = count;
  while (sum > 0 && reachedBy[sum] === -1) sum--;
  const chosen: number[] = [];
  while (sum > 0) {
    const index = reachedBy[sum] ?? -1;
    const group = groups[index];
    if (!group) break;
    chosen.push(index);
    sum -= group.length;
  }
  return chosen.sort((a, b) => a - b).flatMap((index) => groups[index] ?? []);
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

export interface ExamRules {
  questionCount: number;
  weights: Record<string, number>;
  subjectLabels: Record<string, string>;
}

export interface SubSubjectShare {
  subSubject: string;
  label: string;
  weight: number;
  requested: number;
  delivered: number;
}

export interface AssembledExam<T> {
  questions: T[];
  subSubjects: SubSubjectShare[];
  requested: number;
  delivered: number;
  /** False when the bank could not fill the test's count: the exam holds only real questions. */
  complete: boolean;
}

/** Assembles an exam by the test's rules from one pool per sub-subject, in the weight map's order. */
export function assembleExam<T extends Selectable>(
  rules: ExamRules,
  pools: Record<string, readonly T[]>,
  random: () => number = Math.random,
): AssembledExam<T> {
  const split = splitByWeight(rules.questionCount, rules.weights);
  const questions: T[] = [];
  const subSubjects: SubSubjectShare[] = [];
  for (const [subSubject, weight] of Object.entries(rules.weights)) {
    const requested = split[subSubject] ?? 0;
    const drawn = drawQuestions(pools[subSubject] ?? [], requested, random);
    questions.push(...drawn);
    subSubjects.push({
      subSubject,
      label: rules.subjectLabels[subSubject] ?? subSubject,
      weight,
      requested,
      delivered: drawn.length,
    });
  }
  return {
    questions,
    subSubjects,
    requested: rules.questionCount,
    delivered: questions.length,
    complete: questions.length === rules.questionCount,
  };
}
