import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import {
  adminStandardSchema,
  recordedChangeSchema,
  standardAudienceSchema,
  standardBodySchema,
  standardChangeBodySchema,
  standardIdParamsSchema,
  standardLinkBodySchema,
  standardLinkParamsSchema,
  standardNoticesQuerySchema,
  standardNoticesSchema,
  standardTargetsSchema,
} from './standards.schemas';

/**
 * Standards and policies (准则与政策) courses and exam types teach, their changes (修订) told to the learners who finished
 * those courses and the holders of those certificates, and the notice on the public pages until the content is updated.
 */
export const standardsRoutes = {
  notices: {
    method: 'GET',
    path: '/api/standards/notices',
    summary: '课程或考试项目所依据准则、政策的修订提示（内容更新前显示；?course_id= 或 ?exam_type=）',
    query: standardNoticesQuerySchema,
    response: envelopeSchema(standardNoticesSchema),
  },

  // ---- staff --------------------------------------------------------------------------------------------------
  adminList: {
    method: 'GET',
    path: '/api/admin/standards',
    summary: '准则与政策（关联的课程与考试项目、修订记录及通知进度）',
    response: envelopeSchema(z.array(adminStandardSchema)),
  },
  adminTargets: {
    method: 'GET',
    path: '/api/admin/standards/targets',
    summary: '可关联的课程与考试项目',
    response: envelopeSchema(standardTargetsSchema),
  },
  adminCreate: {
    method: 'POST',
    path: '/api/admin/standards',
    summary: '新增准则或政策',
    body: standardBodySchema,
    response: envelopeSchema(adminStandardSchema),
  },
  adminUpdate: {
    method: 'PUT',
    path: '/api/admin/standards/:id',
    summary: '修改准则或政策的名称、发布机关、文号',
    params: standardIdParamsSchema,
    body: standardBodySchema,
    response: envelopeSchema(adminStandardSchema),
  },
  adminLink: {
    method: 'POST',
    path: '/api/admin/standards/:id/links',
    summary: '关联课程或考试项目（二选一）；关联时视为内容已是最新',
    params: standardIdParamsSchema,
    body: standardLinkBodySchema,
    response: envelopeSchema(adminStandardSchema),
  },
  adminUnlink: {
    method: 'DELETE',
    path: '/api/admin/standards/:id/links/:linkId',
    summary: '取消关联课程或考试项目',
    params: standardLinkParamsSchema,
    response: envelopeSchema(adminStandardSchema),
  },
  adminAudience: {
    method: 'GET',
    path: '/api/admin/standards/:id/audience',
    summary: '现在记录修订将通知的人数：完成关联课程的学员、持有关联考试项目有效证书的人（每人一次）',
    params: standardIdParamsSchema,
    response: envelopeSchema(standardAudienceSchema),
  },
  adminRecordChange: {
    method: 'POST',
    path: '/api/admin/standards/:id/changes',
    summary: '记录修订（日期与修订内容）；随后分批向相关学员与持证人各发送一条消息，公开页面显示修订提示',
    params: standardIdParamsSchema,
    body: standardChangeBodySchema,
    response: envelopeSchema(recordedChangeSchema),
  },
  adminMarkUpdated: {
    method: 'POST',
    path: '/api/admin/standards/:id/links/:linkId/updated',
    summary: '标记关联的课程或考试项目已按最新修订更新内容（撤下公开页面的修订提示）',
    params: standardLinkParamsSchema,
    response: envelopeSchema(adminStandardSchema),
  },
} as const;
