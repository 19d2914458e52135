import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import {
  adminLiveClassSchema,
  adminLiveListSchema,
  attendanceBodySchema,
  attendanceSchema,
  chatBodySchema,
  chatHistorySchema,
  chatMessageSchema,
  liveChatParamsSchema,
  liveClassBodySchema,
  liveClassSchema,
  liveIdParamsSchema,
  liveListQuerySchema,
  liveListSchema,
  liveRecordingBodySchema,
  liveRoomSchema,
} from './live.schemas';

/** Live classes: list, booking, the live room, chat and attendance; staff editing and moderation (issue 17). */
export const liveRoutes = {
  list: {
    method: 'GET',
    path: '/api/live',
    summary: '名师直播：即将开始、我的预约、往期回放',
    query: liveListQuerySchema,
    response: envelopeSchema(liveListSchema),
  },
  room: {
    method: 'GET',
    path: '/api/live/:id',
    summary: '直播间：开始前倒计时，直播中给出流地址，结束后给出回放',
    params: liveIdParamsSchema,
    response: envelopeSchema(liveRoomSchema),
  },
  book: {
    method: 'POST',
    path: '/api/live/:id/booking',
    summary: '预约直播课（会员免费课计入本会员年度的免费次数）',
    params: liveIdParamsSchema,
    response: envelopeSchema(liveClassSchema),
  },
  cancel: {
    method: 'DELETE',
    path: '/api/live/:id/booking',
    summary: '取消预约（开始前）',
    params: liveIdParamsSchema,
    response: envelopeSchema(liveClassSchema),
  },
  chatHistory: {
    method: 'GET',
    path: '/api/live/:id/chat',
    summary: '直播间聊天记录与置顶问题',
    params: liveIdParamsSchema,
    response: envelopeSchema(chatHistorySchema),
  },
  chatSend: {
    method: 'POST',
    path: '/api/live/:id/chat',
    summary: '发言（限长、限频）',
    params: liveIdParamsSchema,
    body: chatBodySchema,
    response: envelopeSchema(chatMessageSchema),
  },
  attendance: {
    method: 'POST',
    path: '/api/live/:id/attendance',
    summary: '上报观看直播的时长（页面可见且正在播放），计入学习时长，不超过实际经过的时间',
    params: liveIdParamsSchema,
    body: attendanceBodySchema,
    response: envelopeSchema(attendanceSchema),
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/live',
    summary: '（管理）全部直播课',
    response: envelopeSchema(adminLiveListSchema),
  },
  adminCreate: {
    method: 'POST',
    path: '/api/admin/live',
    summary: '（管理）新建直播课',
    body: liveClassBodySchema,
    response: envelopeSchema(adminLiveClassSchema),
  },
  adminUpdate: {
    method: 'PUT',
    path: '/api/admin/live/:id',
    summary: '（管理）修改直播课与直播流地址',
    params: liveIdParamsSchema,
    body: liveClassBodySchema,
    response: envelopeSchema(adminLiveClassSchema),
  },
  adminRecording: {
    method: 'PUT',
    path: '/api/admin/live/:id/recording',
    summary: '（管理）课后挂接回放视频',
    params: liveIdParamsSchema,
    body: liveRecordingBodySchema,
    response: envelopeSchema(adminLiveClassSchema),
  },
  adminPin: {
    method: 'POST',
    path: '/api/admin/live/:id/chat/:messageId/pin',
    summary: '（管理）置顶一条提问（再次置顶另一条即替换）',
    params: liveChatParamsSchema,
    response: envelopeSchema(z.null()),
  },
  adminUnpin: {
    method: 'DELETE',
    path: '/api/admin/live/:id/pin',
    summary: '（管理）取消置顶',
    params: liveIdParamsSchema,
    response: envelopeSchema(z.null()),
  },
  adminRemove: {
    method: 'DELETE',
    path: '/api/admin/live/:id/chat/:messageId',
    summary: '（管理）删除一条发言',
    params: liveChatParamsSchema,
    response: envelopeSchema(z.null()),
  },
} as const;

/** The chat's server-sent event stream (registered without a descriptor); `Last-Event-ID` resumes after a drop. */
export const LIVE_CHAT_STREAM_PATH = '/api/live/:id/chat/stream';
