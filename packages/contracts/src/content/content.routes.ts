import { envelopeSchema } from '../common/envelope';
import { commonDataSchema, problemsDataSchema } from './content.schemas';

/** Endpoint descriptors: written once, registered by the server and called by the web client. */
export const contentRoutes = {
  problems: {
    method: 'GET',
    path: '/api/problems',
    summary: '帮助问题（按指南类型分组）',
    response: envelopeSchema(problemsDataSchema),
  },
  commonData: {
    method: 'GET',
    path: '/api/common_data',
    summary: '站点公共数据（联系方式、备案号、学习基地等）',
    response: envelopeSchema(commonDataSchema),
  },
} as const;
