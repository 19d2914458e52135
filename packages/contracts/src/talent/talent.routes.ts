import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import {
  adminRcpjPageSchema,
  adminRcpjSchema,
  adminRcpjsQuerySchema,
  applyStarBodySchema,
  attachmentDicSchema,
  centerRcpjSchema,
  creditArchiveSchema,
  credentialBodySchema,
  credentialSchema,
  customerEduBodySchema,
  customerEduSchema,
  customerJobBodySchema,
  customerJobSchema,
  jobProfitBodySchema,
  jobProfitSchema,
  paperBodySchema,
  paperSchema,
  rcpjIdBodySchema,
  rcpjSchema,
  reviewRcpjBodySchema,
  selectOptionsSchema,
  showPersonalInfoDataSchema,
  starSchema,
  submitApplyBodySchema,
  talentAttachmentSchema,
  talentIdParamsSchema,
  talentInfoDataSchema,
  updatePersonalInfoBodySchema,
  userApplyJobBodySchema,
  userApplyJobSchema,
  userApplyJobsQuerySchema,
  userIdQuerySchema,
} from './talent.schemas';

/** Job intention, talent info, portraits, option data (SPEC §7 "Job intention and personal area"). */
export const talentRoutes = {
  selectOptions: {
    method: 'GET',
    path: '/api/select_options',
    summary: '求职意向选项：全国省市（地区）、财务职位树、行业',
    response: envelopeSchema(selectOptionsSchema),
  },
  userApplyJobs: {
    method: 'GET',
    path: '/api/user_apply_jobs',
    summary: '我的求职意向（数组，取第一项；他人的 user_id 返回空数组）',
    query: userApplyJobsQuerySchema,
    response: envelopeSchema(z.array(userApplyJobSchema)),
  },
  createUserApplyJob: {
    method: 'POST',
    path: '/api/user_apply_jobs',
    summary: '发布求职意向（表单，字段 user_apply_job[name] 等；已有记录时更新该记录）',
    body: userApplyJobBodySchema,
    response: envelopeSchema(userApplyJobSchema),
  },
  updateUserApplyJob: {
    method: 'PUT',
    path: '/api/user_apply_jobs/:id',
    summary: '修改我的求职意向（表单，含 user_apply_job[id]）',
    params: talentIdParamsSchema,
    body: userApplyJobBodySchema,
    response: envelopeSchema(userApplyJobSchema),
  },
  userInfos: {
    method: 'POST',
    path: '/api/user_infos/',
    summary: '保存求职意向（multipart 表单 user_apply_job[...]，新建或更新我的记录）',
    body: userApplyJobBodySchema,
    response: envelopeSchema(userApplyJobSchema),
  },
  personalInfo: {
    method: 'GET',
    path: '/api/user_infos/personal_info',
    summary:
      '我的人才信息（personal_info：个人信息、学历、工作经历、证书、奖励、论文成果、雷达图、求职意向）',
    response: envelopeSchema(talentInfoDataSchema),
  },
  updatePersonalInfo: {
    method: 'PUT',
    path: '/api/user_infos/personal_info',
    summary:
      '修改我的人才画像个人信息（姓名、性别、出生日期、政治面貌、单位规模、职位层级、工作单位、联系电话、身份证号）',
    body: updatePersonalInfoBodySchema,
    response: envelopeSchema(talentInfoDataSchema),
  },
  showPersonalInfo: {
    method: 'GET',
    path: '/api/user_infos/show_personal_info',
    summary: '该用户是否公开人才画像',
    query: userIdQuerySchema,
    response: envelopeSchema(showPersonalInfoDataSchema),
  },
  publicPortrait: {
    method: 'GET',
    path: '/api/user_infos/public_portrait',
    summary: '公开的人才画像（手机号、身份证号打码；未公开时404）',
    query: userIdQuerySchema,
    response: envelopeSchema(talentInfoDataSchema),
  },
  attachmentDics: {
    method: 'GET',
    path: '/api/attachment_dics/list',
    summary: '测评材料类型字典',
    response: envelopeSchema(z.array(attachmentDicSchema)),
  },
  uploadAttachment: {
    method: 'POST',
    path: '/api/talent_attachments',
    summary: '上传证书扫描件或测评材料（multipart/form-data，字段 file；JPG、PNG 或 PDF，最大5MB）',
    response: envelopeSchema(talentAttachmentSchema),
  },
  downloadAttachment: {
    method: 'GET',
    path: '/api/talent_attachments/:id/file',
    summary: '附件文件（仅本人与工作人员可见）',
    params: talentIdParamsSchema,
    response: z.unknown(),
  },
} as const;

type RecordKind = 'customer_edus' | 'customer_jobs' | 'credentials' | 'job_profits' | 'papers';

function recordRoutes<K extends RecordKind, B extends z.ZodType, R extends z.ZodType>(
  kind: K,
  label: string,
  body: B,
  record: R,
) {
  return {
    create: {
      method: 'POST',
      path: `/api/${kind}/`,
      summary: `新增${label}`,
      body,
      response: envelopeSchema(record),
    },
    update: {
      method: 'PUT',
      path: `/api/${kind}/:id/`,
      summary: `修改${label}（整条替换；他人的记录404）`,
      params: talentIdParamsSchema,
      body,
      response: envelopeSchema(record),
    },
    remove: {
      method: 'DELETE',
      path: `/api/${kind}/:id/`,
      summary: `删除${label}（他人的记录404）`,
      params: talentIdParamsSchema,
      response: envelopeSchema(z.null()),
    },
  } as const;
}

/** Talent records, owner only (SPEC §7: POST /api/{x}/, PUT /api/{x}/{id}/, DELETE /api/{x}/{id}/). */
export const customerEdusRoutes = recordRoutes(
  'customer_edus',
  '学历',
  customerEduBodySchema,
  customerEduSchema,
);
export const customerJobsRoutes = recordRoutes(
  'customer_jobs',
  '工作经历',
  customerJobBodySchema,
  customerJobSchema,
);
export const credentialsRoutes = recordRoutes('credentials', '证书', credentialBodySchema, credentialSchema);
export const jobProfitsRoutes = recordRoutes('job_profits', '奖励', jobProfitBodySchema, jobProfitSchema);
export const papersRoutes = recordRoutes('papers', '论文成果', paperBodySchema, paperSchema);

/** Stars and star-evaluation applications (rcpj). */
export const starsRoutes = {
  stars: {
    method: 'GET',
    path: '/api/stars',
    summary: '星级（一星至五星）及申请条件',
    response: envelopeSchema(z.array(starSchema)),
  },
  applyStarLevel: {
    method: 'POST',
    path: '/api/rcpjs/star_level',
    summary: '申请星级测评（须高于当前星级；同时只能有一个进行中的申请）',
    body: applyStarBodySchema,
    response: envelopeSchema(rcpjSchema),
  },
  submitApply: {
    method: 'POST',
    path: '/api/rcpjs/submit_apply',
    summary: '提交测评材料（申请说明、材料附件、证书），提交后等待审核',
    body: submitApplyBodySchema,
    response: envelopeSchema(rcpjSchema),
  },
  applyCancel: {
    method: 'POST',
    path: '/api/stars/apply_cancel',
    summary: '撤销测评申请（审核前）',
    body: rcpjIdBodySchema,
    response: envelopeSchema(rcpjSchema),
  },
  centerRcpj: {
    method: 'GET',
    path: '/api/center_rcpj',
    summary: '我的测评：当前星级、我的数据、申请与结果',
    response: envelopeSchema(centerRcpjSchema),
  },
  gotIt: {
    method: 'POST',
    path: '/api/center_rcpj_got_it',
    summary: '知晓测评结果',
    body: rcpjIdBodySchema,
    response: envelopeSchema(rcpjSchema),
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/rcpjs',
    summary: '测评申请列表（工作人员；按状态筛选，待审核在前）',
    query: adminRcpjsQuerySchema,
    response: envelopeSchema(adminRcpjPageSchema),
  },
  adminReview: {
    method: 'POST',
    path: '/api/admin/rcpjs/:id/review',
    summary: '审核测评申请（工作人员；通过并授予星级，或填写原因驳回）',
    params: talentIdParamsSchema,
    body: reviewRcpjBodySchema,
    response: envelopeSchema(adminRcpjSchema),
  },
  creditArchive: {
    method: 'GET',
    path: '/api/credit_archive',
    summary: '学分档案：按年统计学习时长、完成课程、证书与星级（仅个人账号）',
    response: envelopeSchema(creditArchiveSchema),
  },
} as const;
