import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { pagedSchema, pageQuerySchema } from '../common/pagination';
import { NOTE_KEYWORD_MAX, NOTE_MAX_LENGTH, learningMessages } from './learning.rules';

const optionalId = (message: string) => recordIdSchema(message).optional();

/** A learner's note on a lesson, anchored to a second of the video. */
export const noteSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  lesson_id: z.number().int(),
  lesson_title: z.string(),
  /** Second of the video the note refers to (the player can seek there). */
  video_second: z.number().int(),
  /** Plain text, at most NOTE_MAX_LENGTH characters. */
  content: z.string(),
  /** Shared notes are listed to other learners of the lesson (scope=lesson) and can be liked. */
  is_public: z.boolean(),
  like_count: z.number().int(),
  /** The current user liked it. */
  liked: z.boolean(),
  /** The note is the current user's (editable). */
  is_mine: z.boolean(),
  /** Author's nickname or masked phone. */
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/**
 * GET /api/notes: scope `mine` (default) lists my notes, filtered by course, lesson and keyword; scope `lesson`
 * lists the shared notes of a lesson (lesson_id required), most liked first.
 */
export const notesQuerySchema = pageQuerySchema.extend({
  scope: z.enum(['mine', 'lesson'], { error: '范围不正确' }).default('mine'),
  course_id: optionalId('课程不正确'),
  lesson_id: optionalId('课时不正确'),
  keyword: z.string().trim().max(NOTE_KEYWORD_MAX, `关键词不能超过${NOTE_KEYWORD_MAX}个字`).optional(),
});
export type NotesQuery = z.input<typeof notesQuerySchema>;
export const notesPageSchema = pagedSchema(noteSchema);
export type NotesPage = z.infer<typeof notesPageSchema>;

const noteContentSchema = z
  .string({ error: learningMessages.noteRequired })
  .trim()
  .min(1, learningMessages.noteRequired)
  .max(NOTE_MAX_LENGTH, learningMessages.noteTooLong);
const videoSecondSchema = z.coerce
  .number({ error: learningMessages.videoSecondInvalid })
  .min(0, learningMessages.videoSecondInvalid)
  .max(86_400, learningMessages.videoSecondInvalid)
  .transform((v) => Math.floor(v));

/** POST /api/notes */
export const createNoteBodySchema = z.object({
  lesson_id: recordIdSchema('请指定课时'),
  video_second: videoSecondSchema,
  content: noteContentSchema,
  is_public: z.boolean().default(false),
});
export type CreateNoteBody = z.input<typeof createNoteBodySchema>;

/** PUT /api/notes/:id: any subset of the editable fields. Another user's note answers 404. */
export const updateNoteBodySchema = z
  .object({
    content: noteContentSchema.optional(),
    video_second: videoSecondSchema.optional(),
    is_public: z.boolean().optional(),
  })
  .refine((b) => b.content !== undefined || b.video_second !== undefined || b.is_public !== undefined, {
    message: '请填写要修改的内容',
  });
export type UpdateNoteBody = z.input<typeof updateNoteBodySchema>;

export const noteIdParamsSchema = z.object({
  id: recordIdSchema('笔记不存在'),
});

/** POST /api/notes/like: toggles (or sets with `value`) my like of a note I can see (mine or shared). */
export const likeNoteBodySchema = z.object({
  id: recordIdSchema('请指定笔记'),
  value: z.boolean().optional(),
});
export type LikeNoteBody = z.input<typeof likeNoteBodySchema>;
export const likeNoteResultSchema = z.object({ liked: z.boolean(), like_count: z.number().int() });
export type LikeNoteResult = z.infer<typeof likeNoteResultSchema>;
