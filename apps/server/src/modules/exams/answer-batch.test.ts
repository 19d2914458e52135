import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { createAnswerBatch } from './answer-batch';
import type { SaveAnswersInput } from './exams.repository';

const db = {} as DbOrTx;
const input = (attemptId: number, questions: number[]): SaveAnswersInput => ({
  attemptId,
  userId: attemptId,
  authSessionId: 1,
  now: new Date('2026-11-25T02:00:00Z'),
  answers: questions.map((q) => ({ question_id: q, answer: [0], flagged: false })),
});

/** A fake statement that records what each call carried and writes every answer. */
function recorder(fail?: (calls: number) => boolean) {
  const calls: SaveAnswersInput[][] = [];
  const write = async (_db: DbOrTx, requests: readonly SaveAnswersInput[]) => {
    calls.push([...requests]);
    await new Promise((r) => setTimeout(r, 5));
    if (fail?.(calls.length)) throw new Error('database away');
    return new Map(requests.map((r) => [r.attemptId, r.answers.length]));
  };
  return { calls, write };
}

describe('autosave group commit', () => {
  it('writes the requests of one turn of the event loop in one statement, and those that arrive meanwhile in the next', async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const running = new Promise<void>((r) => (release = r));
    const batch = createAnswerBatch(db, async (_db, requests) => {
      calls.push(requests.map((r) => r.attemptId));
      await running;
      return new Map(requests.map((r) => [r.attemptId, r.answers.length]));
    });
    const sameTurn = [1, 2].map((a) => batch.save(input(a, [a * 10])));
    await new Promise((r) => setImmediate(r)); // the first statement has started and waits
    expect(calls).toEqual([[1, 2]]);
    const meanwhile = [3, 4].map((a) => batch.save(input(a, [a * 10])));
    release();
    expect(await Promise.all([...sameTurn, ...meanwhile])).toEqual([true, true, true, true]);
    expect(calls).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('puts two requests of the same attempt in separate statements, in the order they came', async () => {
    const { calls, write } = recorder();
    const batch = createAnswerBatch(db, write);
    const a = batch.save(input(1, [11]));
    const b = batch.save(input(2, [21]));
    const c = batch.save(input(2, [22]));
    await Promise.all([a, b, c]);
    expect(calls.map((x) => x.map((r) => r.answers[0]!.question_id))).toEqual([[11, 21], [22]]);
  });

  it('keeps the last answer of a question named twice in one request', async () => {
    const { calls, write } = recorder();
    const batch = createAnswerBatch(db, write);
    const twice = input(1, [11, 11]);
    twice.answers[1]!.answer = [2];
    expect(await batch.save(twice)).toBe(true);
    expect(calls[0]![0]!.answers).toEqual([{ question_id: 11, answer: [2], flagged: false }]);
  });

  it('fails every request of a statement that fails, and still writes the next ones', async () => {
    const { calls, write } = recorder((n) => n === 1);
    const batch = createAnswerBatch(db, write);
    const failing = [batch.save(input(1, [11])), batch.save(input(2, [21]))];
    await expect(Promise.all(failing)).rejects.toThrow('database away');
    await expect(batch.save(input(3, [31]))).resolves.toBe(true);
    expect(calls.map((c) => c.map((r) => r.attemptId))).toEqual([[1, 2], [3]]);
  });

  it('reports a request as not written when its statement wrote fewer rows than it carried', async () => {
    const batch = createAnswerBatch(db, async () => new Map([[1, 0]]));
    expect(await batch.save(input(1, [11]))).toBe(false);
  });
});
