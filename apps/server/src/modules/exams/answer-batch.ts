import type { DbOrTx } from '../../db/client';
import { createGroupQueue } from '../../lib/group-queue';
import { examsRepository as repo, type SaveAnswersInput } from './exams.repository';

/** Most requests one statement carries (a paper has at most 200 questions; the payload stays small). */
export const MAX_BATCH_REQUESTS = 200;

type Write = (db: DbOrTx, requests: readonly SaveAnswersInput[]) => Promise<Map<number, number>>;

/**
 * Group commit of autosaves (lib/group-queue.ts). Every candidate saves on change and every 30 s, and at a closing
 * time thousands save at once; one INSERT and one commit per request would make the database's commit the limit.
 * A request is answered only after the statement that carries it has committed, so an acknowledged answer is never
 * lost. Each request keeps its own checks and its own time (see saveAnswersBatch); ON CONFLICT cannot touch one row
 * twice in a statement, so two requests of one attempt never share a statement.
 */
export function createAnswerBatch(db: DbOrTx, write: Write = repo.saveAnswersBatch) {
  const queue = createGroupQueue<SaveAnswersInput, boolean>(
    async (requests) => {
      const written = await write(db, requests);
      return requests.map((r) => written.get(r.attemptId) === r.answers.length);
    },
    { max: MAX_BATCH_REQUESTS, key: (r) => r.attemptId },
  );
  return {
    /** Writes one request's answers, all or none: whether they were written. Duplicate questions: the last counts. */
    save(input: SaveAnswersInput): Promise<boolean> {
      const answers = [...new Map(input.answers.map((a) => [a.question_id, a])).values()];
      return queue.push({ ...input, answers });
    },
  };
}
export type AnswerBatch = ReturnType<typeof createAnswerBatch>;
