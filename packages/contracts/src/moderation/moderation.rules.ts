/**
 * Moderation (staff console): one queue of reported and auto-flagged course comments, Q&A questions (with their
 * follow-ups) and live-chat messages. Staff hide an item with a reason (the author gets a message) or restore it.
 */

/** What the queue holds. Content articles take no comments, so they have no kind here. */
export const MODERATION_KINDS = ['comment', 'question', 'chat'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];
export const MODERATION_KIND_LABELS: Record<ModerationKind, string> = {
  comment: '课程评论',
  question: '问答',
  chat: '直播聊天',
};

/** pending: waits for staff; hidden: removed from public views; restored: visible again after review (or kept). */
export const MODERATION_STATES = ['pending', 'hidden', 'restored'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];
export const MODERATION_STATE_LABELS: Record<ModerationState, string> = {
  pending: '待处理',
  hidden: '已隐藏',
  restored: '已恢复',
};

/** The reasons a user may pick when reporting. */
export const REPORT_REASONS = ['广告营销', '辱骂攻击', '色情低俗', '违法违规', '虚假或误导信息', '其他'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_NOTE_MAX_LENGTH = 200;
export const HIDE_REASON_MAX_LENGTH = 200;
export const MODERATION_WORD_MAX_LENGTH = 20;
export const MODERATION_WORDS_MAX = 500;

export const moderationMessages = {
  kindInvalid: '举报对象类型不正确',
  idInvalid: '举报对象不正确',
  reasonInvalid: '请选择举报原因',
  noteTooLong: `补充说明最多${REPORT_NOTE_MAX_LENGTH}个字`,
  targetNotFound: '内容不存在或已被隐藏',
  ownContent: '不能举报自己发布的内容',
  reportedAlready: '您已举报过该内容，我们会尽快处理',
  reported: '举报已提交，感谢您的反馈',
  itemNotFound: '审核记录不存在',
  sourceGone: '原内容已被作者删除',
  hiddenAlready: '该内容已隐藏',
  notHidden: '该内容未被隐藏，无需恢复',
  restoredAlready: '该内容已恢复',
  hideReasonRequired: '请填写隐藏原因',
  hideReasonTooLong: `隐藏原因最多${HIDE_REASON_MAX_LENGTH}个字`,
  hidden: '已隐藏，已通知作者',
  restored: '已恢复显示',
  kept: '已保留，内容继续显示',
  wordEmpty: '敏感词不能为空',
  wordTooLong: `每个词最多${MODERATION_WORD_MAX_LENGTH}个字`,
  wordsTooMany: `最多${MODERATION_WORDS_MAX}个词`,
  wordBothLists: (w: string) => `“${w}”不能同时是敏感词和放行词`,
  wordsSaved: '敏感词设置已保存，对之后发布的内容生效',
  hiddenMessage: {
    title: '您发布的内容已被隐藏',
    content: (where: string, excerpt: string, reason: string) =>
      `您在${where}发布的内容“${excerpt}”经审核已被隐藏，原因：${reason}。如有疑问请联系客服。`,
  },
  restoredMessage: {
    title: '您发布的内容已恢复显示',
    content: (where: string, excerpt: string) => `您在${where}发布的内容“${excerpt}”经复核已恢复显示。`,
  },
} as const;
