import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { learningMessages } from './learning.rules';

/**
 * The presence check of one lesson (学习确认, learning.rules PRESENCE_*) as the player needs it. Times are given
 * relative to the answer too, so a phone whose clock is off still prompts on time.
 */
export const lessonPresenceSchema = z.object({
  /** ISO time the next check is due (or the open check was due). */
  due_at: z.string(),
  /** Seconds from this answer until the check is due; 0 once it is open. */
  due_in: z.number().int(),
  /** The open check's nonce, sent back with the confirmation; null until the check is due. */
  nonce: z.string().nullable(),
  /** Seconds left to confirm before crediting pauses; null until the check is due, 0 once that time has passed. */
  answer_in: z.number().int().nullable(),
  /** The check went unanswered past its time: reports credit nothing until it is confirmed. */
  paused: z.boolean(),
});
export type LessonPresence = z.infer<typeof lessonPresenceSchema>;

/** POST /api/lesson_presence: the learner confirms the open check of a lesson. */
export const presenceConfirmBodySchema = z.object({
  lesson_id: recordIdSchema('请指定课时'),
  nonce: z
    .string({ error: learningMessages.presenceNonceRequired })
    .min(1, learningMessages.presenceNonceRequired)
    .max(64, learningMessages.presenceStale),
});
export type PresenceConfirmBody = z.input<typeof presenceConfirmBodySchema>;
