import type { DbOrTx } from '../../db/client';
import { chinaDay } from '../../lib/china-time';
import { createLearningRepository } from './learning.repository';

/**
 * Learning time earned outside lessons (live classes watched), for other areas: added to the China-time day's
 * seconds (rankings, credit archive) and the account's totals, in the caller's transaction. The caller has already
 * capped it by wall time.
 */
export function learningTime(db: DbOrTx) {
  return {
    async add(userId: number, seconds: number, at: Date): Promise<void> {
      if (seconds <= 0) return;
      await createLearningRepository(db).applyIncrements(
        [{ userId, day: chinaDay(at), seconds }],
        [{ userId, seconds, finishedCourses: 0 }],
      );
    },
  };
}
export type LearningTime = ReturnType<typeof learningTime>;
