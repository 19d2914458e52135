import { envelopeSchema } from '../common/envelope';
import {
  courseLearnQuerySchema,
  courseLearnSchema,
  lessonPresenceSchema,
  myCoursesPageSchema,
  myCoursesQuerySchema,
  presenceConfirmBodySchema,
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
      '学习时长只计入真实播放时间：本次计入 = min(上报的播放秒数, 距上次上报的时间 × 课程最高倍速(默认2))，且仅当上次上报处于播放状态；超过已播放最远位置时，只计入连续前进的部分，拖动跳过的内容不计时；学习确认到期60秒未确认时不计时，直至确认；每课时累计不超过课时时长，播放至结尾时补足不到1秒的零头；累计达到时长95%即完成该课时。',
    query: watchReportQuerySchema,
    body: watchReportBodySchema,
    response: envelopeSchema(watchReportResultSchema),
  },
  lessonPresence: {
    method: 'POST',
    path: '/api/lesson_presence',
    summary: '学习确认：确认当前课时到期的学习确认（nonce 来自上报进度或课时详情的 presence），确认后恢复计时',
    description:
      '只有已到期、尚未确认的学习确认可以确认，nonce 必须与服务器发出的一致；错误或已失效的 nonce 返回 409。返回下一次学习确认的时间。',
    body: presenceConfirmBodySchema,
    response: envelopeSchema(lessonPresenceSchema),
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
