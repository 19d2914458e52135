import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import {
  commentIdParamsSchema,
  commentSchema,
  commentsPageSchema,
  commentsQuerySchema,
  createCommentBodySchema,
} from './comments.schemas';

/** Course and lesson comments. Reading is public; writing and deleting need login. */
export const commentsRoutes = {
  list: {
    method: 'GET',
    path: '/api/comments',
    summary: '评论列表（课程或课时，分页，最新在前）',
    query: commentsQuerySchema,
    response: envelopeSchema(commentsPageSchema),
  },
  create: {
    method: 'POST',
    idempotent: true,
    path: '/api/comments',
    summary: '发表评论（纯文本，不超过500字）',
    body: createCommentBodySchema,
    response: envelopeSchema(commentSchema),
  },
  remove: {
    method: 'DELETE',
    path: '/api/comments/:id',
    summary: '删除我的评论（他人评论返回404）',
    params: commentIdParamsSchema,
    response: envelopeSchema(z.null()),
  },
} as const;
