import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import {
  courseCreditBodySchema,
  courseCreditParamsSchema,
  courseCreditSchema,
  creditRegionBodySchema,
  creditRuleBodySchema,
  creditRuleSchema,
  creditYearQuerySchema,
  myCreditYearSchema,
} from './credits.schemas';

/** Continuing-education credits (继续教育学分): the member's year, the rules, the courses' credit settings. */
export const creditsRoutes = {
  myYear: {
    method: 'GET',
    path: '/api/credits/year',
    summary: '我的继续教育学分（某年度，默认本年度）：已获学分、规则要求、差额与推荐课程、往年结果（个人账号）',
    query: creditYearQuerySchema,
    response: envelopeSchema(myCreditYearSchema),
  },
  setRegion: {
    method: 'PUT',
    path: '/api/credits/region',
    summary: '设置继续教育所在地区（适用该地区的学分规则，未设置按全国规则）',
    body: creditRegionBodySchema,
    response: envelopeSchema(z.object({ region: z.string().nullable() })),
  },

  // ---- staff --------------------------------------------------------------------------------------------------
  adminRules: {
    method: 'GET',
    path: '/api/admin/credits/rules',
    summary: '学分规则（每个年度与地区的全部版本，最新在前）',
    response: envelopeSchema(z.array(creditRuleSchema)),
  },
  adminSaveRule: {
    method: 'POST',
    path: '/api/admin/credits/rules',
    summary: '保存学分规则（为该年度与地区新增一个版本；已授予的学分不变）',
    body: creditRuleBodySchema,
    response: envelopeSchema(creditRuleSchema),
  },
  adminCourses: {
    method: 'GET',
    path: '/api/admin/credits/courses',
    summary: '课程学分设置（全部课程）',
    response: envelopeSchema(z.array(courseCreditSchema)),
  },
  adminSaveCourse: {
    method: 'PUT',
    path: '/api/admin/credits/courses/:id',
    summary: '设置课程的学分类别与学分（不改变已授予的学分）',
    params: courseCreditParamsSchema,
    body: courseCreditBodySchema,
    response: envelopeSchema(courseCreditSchema),
  },
} as const;
