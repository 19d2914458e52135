/** Learning-time rules (DECISIONS.md "honest learning time") and the learning area's Chinese messages. */

/** The player reports every this many seconds while playing (and on play, pause, seek, end and page hide). */
export const WATCH_REPORT_INTERVAL_S = 15;
/** Fastest playback rate offered; a report never earns more than the wall time since the previous one × this. */
export const MAX_PLAYBACK_RATE = 2;
/** A lesson counts as finished once this share of its duration has been credited. */
export const LESSON_FINISH_RATIO = 0.95;
/** Largest `played_seconds` one report may carry (a report missed for an hour is still bounded by wall time). */
export const MAX_REPORTED_PLAYED_S = 3600;

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
} as const;
