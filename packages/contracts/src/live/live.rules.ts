/** Live classes: limits, labels and the Chinese messages of the area. */

export const LIVE_ACCESS = ['member_free', 'free'] as const;
export type LiveAccess = (typeof LIVE_ACCESS)[number];
export const LIVE_ACCESS_LABELS: Record<LiveAccess, string> = {
  member_free: '会员免费',
  free: '全员免费',
};

/** Free live classes a member may book per membership year (SPEC §9). */
export const LIVE_FREE_PER_MEMBER_YEAR = 6;
export const LIVE_CHAT_MAX = 200;
/** At most this many chat messages per viewer in LIVE_CHAT_WINDOW_S seconds. */
export const LIVE_CHAT_BURST = 3;
export const LIVE_CHAT_WINDOW_S = 10;
/** Chat history sent to a viewer that connects without a Last-Event-ID. */
export const LIVE_CHAT_HISTORY = 50;
/** Longest watching report (seconds); the page reports every LIVE_ATTENDANCE_REPORT_S while playing and visible. */
export const LIVE_ATTENDANCE_MAX_REPORT_S = 120;
export const LIVE_ATTENDANCE_REPORT_S = 30;
/** Reminders: a day and 15 minutes before the start. */
export const LIVE_REMINDERS_MIN = [24 * 60, 15] as const;
export const LIVE_TITLE_MAX = 60;
export const LIVE_DESCRIPTION_MAX = 2000;

export const liveMessages = {
  notFound: '直播课不存在',
  full: '名额已满，无法预约',
  started: '直播已开始，无法预约',
  cancelStarted: '直播已开始，无法取消预约',
  alreadyBooked: '您已预约该直播课',
  notBooked: '您尚未预约该直播课',
  membersOnly: '该直播课仅限会员预约，开通会员后可免费观看',
  freeUsedUp: (n: number) => `本会员年度的 ${n} 次免费直播已用完`,
  personalOnly: '仅个人用户可预约直播课',
  notEntitled: '请先预约该直播课',
  notLive: '直播未在进行中',
  chatEmpty: '请输入发言内容',
  chatTooLong: `发言不超过 ${LIVE_CHAT_MAX} 个字`,
  chatTooFast: '发言太频繁，请稍后再试',
  chatMessageNotFound: '发言不存在',
  secondsInvalid: `观看时长须为 1 到 ${LIVE_ATTENDANCE_MAX_REPORT_S} 秒`,
  titleRequired: '请填写直播标题',
  titleTooLong: `标题不超过 ${LIVE_TITLE_MAX} 个字`,
  teacherRequired: '请填写主讲老师',
  startsInvalid: '请填写开始时间',
  durationInvalid: '时长须为 10 到 600 分钟',
  capacityInvalid: '名额须为 1 到 100000',
  streamUrlInvalid: '直播流地址须为 http(s) 地址或站内 /media/live/ 路径，以 .m3u8 结尾',
  recordingInvalid: '回放文件名须为课程视频目录中的 .mp4 文件',
  recordingMissing: '课程视频目录中没有这个可播放的 .mp4 文件',
  replayExists: '该直播课已挂接回放',
  notEnded: '直播结束后才能挂接回放',
  replaySummary: (teacher: string, at: string) => `${teacher}老师 ${at} 直播课的完整回放。`,
  booked: '预约成功',
  cancelled: '已取消预约',
  reminderDayTitle: (title: string) => `直播提醒：《${title}》明天开讲`,
  reminderSoonTitle: (title: string) => `直播提醒：《${title}》15 分钟后开始`,
  reminderContent: (title: string, at: string) => `您预约的直播课《${title}》将于 ${at} 开始，请在个人中心「名师直播」进入直播间。`,
} as const;
