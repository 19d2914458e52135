/** Learning-time rules (DECISIONS.md "honest learning time") and the learning area's Chinese messages. */

/** The player reports every this many seconds while playing (and on play, pause, seek, end and page hide). */
export const WATCH_REPORT_INTERVAL_S = 15;
/** Fastest playback rate offered; a report never earns more than the wall time since the previous one × this. */
export const MAX_PLAYBACK_RATE = 2;
/** A lesson counts as finished once this share of its duration has been credited. */
export const LESSON_FINISH_RATIO = 0.95;
/** Largest `played_seconds` one report may carry (a report missed for an hour is still bounded by wall time). */
export const MAX_REPORTED_PLAYED_S = 3600;
/** Playback rates staff may choose as a course's fastest (its `max_playback_rate`; null: MAX_PLAYBACK_RATE). */
export const COURSE_MAX_RATES = [1, 1.25, 1.5, 2] as const;

/**
 * Beyond the furthest point played (max_position) a report earns at most the media it advanced plus this much
 * (whole-second positions), and an advance further than (wall seconds + SEEK_SLACK_S) × rate is a seek: it earns 0.
 */
export const AHEAD_TOLERANCE_S = 2;
export const SEEK_SLACK_S = 5;

/**
 * Presence checks (学习确认): at a random moment every PRESENCE_DEFAULT_MIN_MINUTES-PRESENCE_DEFAULT_MAX_MINUTES
 * minutes after a lesson is opened or the previous check was answered (per course: presence_min/max_minutes), the
 * player asks the learner to confirm. Unanswered for PRESENCE_ANSWER_S seconds, the server credits nothing until the
 * check is answered with its nonce.
 */
export const PRESENCE_DEFAULT_MIN_MINUTES = 10;
export const PRESENCE_DEFAULT_MAX_MINUTES = 20;
/** Bounds of a course's own presence interval, minutes. */
export const PRESENCE_MINUTES_MIN = 1;
export const PRESENCE_MINUTES_MAX = 120;
export const PRESENCE_ANSWER_S = 60;

/**
 * Player state at the moment of the report. Only an interval that began in `playing` earns credit, so a paused
 * or hidden player earns nothing until a `playing` report (sent on play/resume/visible) starts a new interval.
 */
export const WATCH_STATES = ['playing', 'paused', 'ended', 'hidden'] as const;
export type WatchState = (typeof WATCH_STATES)[number];

export const RANK_PERIODS = ['week', 'month', 'all'] as const;
export type RankPeriod = (typeof RANK_PERIODS)[number];
export const RANK_PERIOD_LABELS: Record<RankPeriod, string> = { week: '本周', month: '本月', all: '总榜' };
/** Learners listed in the home-page ranking. */
export const RANK_SIZE = 10;
/**
 * "My place" is exact up to this place; further down the ranking says only that the learner is beyond it (counting
 * everyone ahead of a learner in the middle of a million would read half a million rows per request).
 */
export const RANK_EXACT_LIMIT = 1000;

export const MY_COURSE_STATUSES = ['learning', 'finished'] as const;
export type MyCourseStatus = (typeof MY_COURSE_STATUSES)[number];
export const MY_COURSE_STATUS_LABELS: Record<MyCourseStatus, string> = {
  learning: '学习中',
  finished: '已完成',
};

export const NOTE_MAX_LENGTH = 1000;
export const NOTE_KEYWORD_MAX = 50;

export const learningMessages = {
  lessonNotOpened: '请先打开该课时再上报进度',
  noteRequired: '请输入笔记内容',
  noteTooLong: `笔记内容不能超过${NOTE_MAX_LENGTH}个字`,
  noteNotFound: '笔记不存在',
  videoSecondInvalid: '视频时间点不正确',
  courseNotStarted: '尚未学习该课程',
  presencePrompt: '请点击继续学习以确认您仍在学习',
  presencePaused: '学习计时已暂停，点击继续学习恢复计时',
  presenceStale: '该学习确认已失效，请重新确认',
  presenceNonceRequired: '缺少学习确认信息',
} as const;
