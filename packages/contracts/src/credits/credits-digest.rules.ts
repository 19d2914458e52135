/**
 * The weekly learning digest (每周学习周报): every Monday a learner with learning in the week before, or a year that
 * does not meet its rule yet, gets one message-centre message (and an SMS when they asked for it) with last week's
 * learning, the year's credits against their rule, the filing deadline and two courses that close the gap.
 */

/** Title of the digest in the message centre. */
export const CREDIT_DIGEST_TITLE = '每周学习周报';
/**
 * China-time hours in which digests go out: from 09:00, before 20:00, never at night. The week's digest goes out on
 * Monday; a week whose Monday passed with no server running goes out on the next day's daytime hours, until Sunday.
 */
export const CREDIT_DIGEST_FROM_HOUR = 9;
export const CREDIT_DIGEST_UNTIL_HOUR = 20;
/** Courses suggested in a digest. */
export const CREDIT_DIGEST_SUGGESTIONS = 2;

/** The switch on the member's credit panel. */
export const CREDIT_DIGEST_SMS_LABEL = '每周学习周报短信提醒';

export const creditDigestMessages = {
  smsOn: '已开启每周学习周报短信提醒',
  smsOff: '已关闭每周学习周报短信提醒',
  smsInvalid: '请选择是否接收短信提醒',
} as const;
