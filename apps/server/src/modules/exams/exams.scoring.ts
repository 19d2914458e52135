import type { AnswerValue, MultipleScoring, QuestionKind } from '@app/contracts';

/** mulberry32: a small, fast PRNG; the same seed gives the same sequence on every process and restart. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates with the given source; returns a new array. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Seed of one attempt's draw and order: derived from the attempt id only, so a reload shows the same paper. */
export function attemptSeed(attemptId: number, salt = 0): number {
  return Math.imul(attemptId ^ 0x5bd1e995, 0x9e3779b1) + salt;
}

/** Fill-in answers compare without spaces, case, and full-width forms (１２％ = 12%). */
export function normaliseFill(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/[，]/g, ',')
    .replace(/[。]/g, '.')
    .toLowerCase();
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export interface GradableQuestion {
  kind: QuestionKind;
  answer: number[] | boolean | string[] | string;
}

/**
 * Points earned on an objective question, or null for a short answer (graded by staff).
 * Multiple choice: all-or-nothing, or partial (any wrong option scores 0; otherwise the share of right options).
 */
export function gradeObjective(
  q: GradableQuestion,
  given: AnswerValue | null | undefined,
  score: number,
  scoring: MultipleScoring,
): number | null {
  if (q.kind === 'short') return null;
  if (given === null || given === undefined) return 0;
  switch (q.kind) {
    case 'single': {
      const right = q.answer as number[];
      return Array.isArray(given) && given.length === 1 && given[0] === right[0] ? score : 0;
    }
    case 'multiple': {
      const right = new Set(q.answer as number[]);
      if (!Array.isArray(given) || given.length === 0) return 0;
      const chosen = new Set(given as number[]);
      if ([...chosen].some((k) => !right.has(k))) return 0;
      if (chosen.size === right.size) return score;
      return scoring === 'partial' ? round1((score * chosen.size) / right.size) : 0;
    }
    case 'judge':
      return typeof given === 'boolean' && given === q.answer ? score : 0;
    case 'fill': {
      if (typeof given !== 'string' || given.trim() === '') return 0;
      const accepted = (q.answer as string[]).map(normaliseFill);
      return accepted.includes(normaliseFill(given)) ? score : 0;
    }
  }
}

export { round1 };
