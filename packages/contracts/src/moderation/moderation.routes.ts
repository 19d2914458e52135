import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import {
  moderationHideBodySchema,
  moderationIdParamsSchema,
  moderationPageSchema,
  moderationQuerySchema,
  moderationWordsBodySchema,
  moderationWordsSchema,
  reportBodySchema,
} from './moderation.schemas';

/** Reporting (users) and the moderation queue and sensitive-word settings (staff, permission `moderation`). */
export const moderationRoutes = {
  report: {
    method: 'POST',
    path: '/api/moderation/reports',
    summary: '举报评论、问答或直播聊天（每人每条一次）',
    body: reportBodySchema,
    response: envelopeSchema(z.null()),
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/moderation/items',
    summary: '审核队列（待处理/已隐藏/已恢复，可按来源筛选）',
    query: moderationQuerySchema,
    response: envelopeSchema(moderationPageSchema),
  },
  adminHide: {
    method: 'POST',
    path: '/api/admin/moderation/items/:id/hide',
    summary: '隐藏内容（填写原因，通知作者）',
    params: moderationIdParamsSchema,
    body: moderationHideBodySchema,
    response: envelopeSchema(z.null()),
  },
  adminRestore: {
    method: 'POST',
    path: '/api/admin/moderation/items/:id/restore',
    summary: '恢复已隐藏的内容，或保留待处理的内容',
    params: moderationIdParamsSchema,
    response: envelopeSchema(z.null()),
  },
  adminWords: {
    method: 'GET',
    path: '/api/admin/moderation/words',
    summary: '敏感词设置（追加的敏感词、放行词）',
    response: envelopeSchema(moderationWordsSchema),
  },
  adminSaveWords: {
    method: 'PUT',
    path: '/api/admin/moderation/words',
    summary: '保存敏感词设置',
    body: moderationWordsBodySchema,
    response: envelopeSchema(moderationWordsSchema),
  },
} as const;
