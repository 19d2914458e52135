import { envelopeSchema } from '../common/envelope';
import {
  courseLearnQuerySchema,
  courseLearnSchema,
  myCoursesPageSchema,
  myCoursesQuerySchema,
  rankDataSchema,
  rankQuerySchema,
  watchReportBodySchema,
  watchReportQuerySchema,
  watchReportResultSchema,
} from './learning.schemas';

/** Learning progress, my courses and the home ranking (SPEC §7 paths). */
export const learningRoutes = {
  watchCreate: {
    method: 'POST',
    path: '/coursepoolapi/course_pools/watch_create',
    summary: '上报播放进度（每15秒及播放、暂停、拖动、结束、页面隐藏时；支持 sendBeacon：text/plain JSON，body 或 query 携带 token）',
    description:
      '学习时长只计入真实播放时间：本次计入 = min(上报的播放秒数, 距上次上报的时间 × 2)，且仅当上次上报处于播放状态；每课时累计不超过课时时长；累计达到时长95%即完成该课时。',
    query: watchReportQuerySchema,
    body: watchReportBodySchema,
    response: envelopeSchema(watchReportResultSchema),
  },
  courseLearn: {
    method: 'GET',
    path: '/coursepoolapi/course_learn',
    summary: '我在某课程的学习记录',
    query: courseLearnQuerySchema,
    response: envelopeSchema(courseLearnSchema),
  },
  myCourses: {
    method: 'GET',
    path: '/api/my_courses',
    summary: '我的课程（学习中/已完成）',
    query: myCoursesQuerySchema,
    response: envelopeSchema(myCoursesPageSchema),
  },
  homePageRank: {
    method: 'GET',
    path: '/api/home_page_rank',
    summary: '学习时长排行（本周/本月/总榜，前10名，登录时含我的名次）',
    query: rankQuerySchema,
    response: envelopeSchema(rankDataSchema),
  },
} as const;
