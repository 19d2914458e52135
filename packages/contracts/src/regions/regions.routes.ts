import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import {
  adminBaseManagerApplicationSchema,
  adminBaseManagerPageSchema,
  adminBaseManagerQuerySchema,
  baseManagerApplicationSchema,
  baseManagerIdParamsSchema,
  reviewBaseManagerBodySchema,
} from './regions.schemas';

/** Learning-base manager applications (学习基地负责人申请) and their staff review. */
export const regionsRoutes = {
  apply: {
    method: 'POST',
    path: '/api/apply_xx_manager',
    summary:
      '申请成为学习基地负责人（multipart/form-data：organisation 单位名称、region 学习基地代码、contact 联系人、phone 手机号、qualifications 资质说明，可选附件 file：JPG、PNG 或 PDF，最大10MB）',
    response: envelopeSchema(baseManagerApplicationSchema),
  },
  mine: {
    method: 'GET',
    path: '/api/apply_xx_manager',
    summary: '我的学习基地负责人申请（最近的在前）',
    response: envelopeSchema(z.array(baseManagerApplicationSchema)),
  },

  // ---- staff --------------------------------------------------------------------------------------------------
  adminList: {
    method: 'GET',
    path: '/api/admin/base_manager_applications',
    summary: '学习基地负责人申请（按状态、学习基地筛选）',
    query: adminBaseManagerQuerySchema,
    response: envelopeSchema(adminBaseManagerPageSchema),
  },
  adminAttachment: {
    method: 'GET',
    path: '/api/admin/base_manager_applications/:id/attachment',
    summary: '申请附件文件（仅工作人员）',
    params: baseManagerIdParamsSchema,
    response: z.unknown(),
  },
  adminReview: {
    method: 'POST',
    path: '/api/admin/base_manager_applications/:id/review',
    summary: '审核学习基地负责人申请：通过，或填写原因后驳回；申请人收到消息',
    params: baseManagerIdParamsSchema,
    body: reviewBaseManagerBodySchema,
    response: envelopeSchema(adminBaseManagerApplicationSchema),
  },
} as const;
