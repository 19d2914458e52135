import { z } from 'zod';
import { recordIdSchema } from '../common/ids';
import {
  LIVE_ACCESS,
  LIVE_ATTENDANCE_MAX_REPORT_S,
  LIVE_CHAT_MAX,
  LIVE_DESCRIPTION_MAX,
  LIVE_TITLE_MAX,
  liveMessages as m,
} from './live.rules';

export const liveIdParamsSchema = z.object({ id: recordIdSchema(m.notFound) });
export const liveChatParamsSchema = z.object({ id: recordIdSchema(m.notFound), messageId: recordIdSchema(m.chatMessageNotFound) });

export const livePhaseSchema = z.enum(['upcoming', 'live', 'ended']);
export type LivePhase = z.infer<typeof livePhaseSchema>;

export const liveClassSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  teacher: z.string(),
  teacher_title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number().int(),
  cover_url: z.string(),
  description: z.string(),
  capacity: z.number().int(),
  booked_count: z.number().int(),
  access: z.enum(LIVE_ACCESS),
  phase: livePhaseSchema,
  booked: z.boolean(),
  has_replay: z.boolean(),
  /** The replay course (one lesson), learned like any course. */
  replay_course_id: z.number().int().nullable(),
});
export type LiveClass = z.infer<typeof liveClassSchema>;

export const liveListQuerySchema = z.object({ tab: z.enum(['upcoming', 'mine', 'past']).default('upcoming') });
export type LiveListQuery = z.infer<typeof liveListQuerySchema>;

export const liveQuotaSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  year_start: z.string(),
  year_end: z.string(),
});
export const liveListSchema = z.object({
  items: z.array(liveClassSchema),
  is_member: z.boolean(),
  quota: liveQuotaSchema.nullable(),
});
export type LiveList = z.infer<typeof liveListSchema>;

/** The live room: the stream (while live, for entitled viewers) or the replay (after the end). */
export const liveRoomSchema = liveClassSchema.extend({
  server_now: z.string(),
  entitled: z.boolean(),
  stream_url: z.string().nullable(),
  replay_url: z.string().nullable(),
  watched_seconds: z.number().int(),
  can_moderate: z.boolean(),
});
export type LiveRoom = z.infer<typeof liveRoomSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  /** The sender's account, so a viewer's own messages can be told apart (no 举报 on them). */
  user_id: z.number().int(),
  user_name: z.string(),
  body: z.string(),
  created_at: z.string(),
  staff: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** What the chat stream carries (server-sent events, `event:` is `type`). */
export type ChatEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'remove'; id: number }
  | { type: 'pin'; message: ChatMessage | null };

export const chatBodySchema = z.object({
  body: z.string({ error: m.chatEmpty }).trim().min(1, m.chatEmpty).max(LIVE_CHAT_MAX, m.chatTooLong),
});
export const chatHistorySchema = z.object({ items: z.array(chatMessageSchema), pinned: chatMessageSchema.nullable() });

export const attendanceBodySchema = z.object({
  seconds: z.coerce
    .number({ error: m.secondsInvalid })
    .int(m.secondsInvalid)
    .min(1, m.secondsInvalid)
    .max(LIVE_ATTENDANCE_MAX_REPORT_S, m.secondsInvalid),
});
export const attendanceSchema = z.object({ credited: z.number().int(), watched_seconds: z.number().int() });

// ---- staff ----------------------------------------------------------------------------------------------------

const streamUrl = z
  .string()
  .trim()
  .max(500, m.streamUrlInvalid)
  .regex(/^(https?:\/\/[^\s]+|\/media\/live\/[\w-]+\/[\w.-]+)\.m3u8(\?[^\s]*)?$/, m.streamUrlInvalid);

export const liveClassBodySchema = z.object({
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(LIVE_TITLE_MAX, m.titleTooLong),
  teacher: z.string({ error: m.teacherRequired }).trim().min(1, m.teacherRequired).max(30, m.teacherRequired),
  teacher_title: z.string().trim().max(60).default(''),
  starts_at: z.iso.datetime({ offset: true, error: m.startsInvalid }),
  duration_minutes: z.coerce.number({ error: m.durationInvalid }).int(m.durationInvalid).min(10, m.durationInvalid).max(600, m.durationInvalid),
  description: z.string().trim().max(LIVE_DESCRIPTION_MAX).default(''),
  capacity: z.coerce.number({ error: m.capacityInvalid }).int(m.capacityInvalid).min(1, m.capacityInvalid).max(100000, m.capacityInvalid),
  access: z.enum(LIVE_ACCESS),
  stream_url: z.union([streamUrl, z.literal('')]).default(''),
});
export type LiveClassBody = z.infer<typeof liveClassBodySchema>;

export const liveRecordingBodySchema = z.object({
  recording: z.string().trim().regex(/^[A-Za-z0-9][\w-]{0,100}\.mp4$/, m.recordingInvalid),
});

export const adminLiveClassSchema = liveClassSchema.omit({ booked: true }).extend({
  stream_url: z.string(),
  recording: z.string().nullable(),
});
export type AdminLiveClass = z.infer<typeof adminLiveClassSchema>;
export const adminLiveListSchema = z.object({ items: z.array(adminLiveClassSchema) });
