import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import {
  createNoteBodySchema,
  likeNoteBodySchema,
  likeNoteResultSchema,
  noteIdParamsSchema,
  noteSchema,
  notesPageSchema,
  notesQuerySchema,
  updateNoteBodySchema,
} from './notes.schemas';

/** Notes (login required). Another user's note answers 404 on edit and delete. */
export const notesRoutes = {
  list: {
    method: 'GET',
    path: '/api/notes',
    summary: '笔记列表（我的笔记，可按课程、课时、关键词筛选；或某课时的公开笔记）',
    query: notesQuerySchema,
    response: envelopeSchema(notesPageSchema),
  },
  create: {
    method: 'POST',
    idempotent: true,
    path: '/api/notes',
    summary: '记笔记（课时、视频时间点、内容不超过1000字）',
    body: createNoteBodySchema,
    response: envelopeSchema(noteSchema),
  },
  update: {
    method: 'PUT',
    path: '/api/notes/:id',
    summary: '修改我的笔记',
    params: noteIdParamsSchema,
    body: updateNoteBodySchema,
    response: envelopeSchema(noteSchema),
  },
  remove: {
    method: 'DELETE',
    path: '/api/notes/:id',
    summary: '删除我的笔记',
    params: noteIdParamsSchema,
    response: envelopeSchema(z.null()),
  },
  like: {
    method: 'POST',
    path: '/api/notes/like',
    summary: '点赞/取消点赞笔记',
    body: likeNoteBodySchema,
    response: envelopeSchema(likeNoteResultSchema),
  },
} as const;
