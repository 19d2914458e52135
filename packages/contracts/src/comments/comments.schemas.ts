import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import { pagedSchema, pageQuerySchema } from '../common/pagination';

export const COMMENT_MAX_LENGTH = 500;

export const commentMessages = {
  contentRequired: '请输入评论内容',
  contentTooLong: `评论内容不能超过${COMMENT_MAX_LENGTH}个字`,
  targetRequired: '请指定课程或课时',
  commentNotFound: '评论不存在',
  posted: '评论成功',
} as const;

const optionalId = (message: string) => recordIdSchema(message).optional();

/** A comment on a course or on one of its lessons. `content` is plain text: render it as text, never as HTML. */
export const commentSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  /** Null for a comment on the course as a whole. */
  lesson_id: z.number().int().nullable(),
  content: z.string(),
  user: z.object({
    id: z.number().int(),
    /** Nickname, or the masked phone when none. */
    name: z.string(),
    avatar: z.string().nullable(),
  }),
  /** Written by the current user (may delete it). */
  is_mine: z.boolean(),
  created_at: z.string(),
});
export type CourseComment = z.infer<typeof commentSchema>;

/**
 * GET /api/comments: newest first. With `lesson_id`, that lesson's comments; with only `course_id`, every
 * comment of the course (on the course and on its lessons).
 */
export const commentsQuerySchema = pageQuerySchema
  .extend({
    course_id: optionalId('课程不正确'),
    lesson_id: optionalId('课时不正确'),
  })
  .refine((q) => q.course_id !== undefined || q.lesson_id !== undefined, {
    message: commentMessages.targetRequired,
    path: ['course_id'],
  });
export type CommentsQuery = z.input<typeof commentsQuerySchema>;
export const commentsPageSchema = pagedSchema(commentSchema);
export type CommentsPage = z.infer<typeof commentsPageSchema>;

/** POST /api/comments (login required): on a lesson when `lesson_id` is given, else on the course. */
export const createCommentBodySchema = z
  .object({
    course_id: optionalId('课程不正确'),
    lesson_id: optionalId('课时不正确'),
    content: z
      .string({ error: commentMessages.contentRequired })
      .trim()
      .min(1, commentMessages.contentRequired)
      .max(COMMENT_MAX_LENGTH, commentMessages.contentTooLong),
  })
  .refine((b) => b.course_id !== undefined || b.lesson_id !== undefined, {
    message: commentMessages.targetRequired,
    path: ['course_id'],
  });
export type CreateCommentBody = z.input<typeof createCommentBodySchema>;

export const commentIdParamsSchema = z.object({
  id: recordIdSchema(commentMessages.commentNotFound),
});
