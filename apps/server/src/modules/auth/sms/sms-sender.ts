import type { SmsPurpose } from '@app/contracts';

/** One verification-code SMS. */
export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  code: string;
}

/**
 * One notice SMS (not a code): a template registered with the provider, filled with named values. A provider sends
 * only approved templates, so a notice is never free text; `noticeText` is the template as registered.
 */
export type SmsNotice =
  | { phone: string; kind: 'learning_digest'; params: LearningDigestSmsParams }
  | { phone: string; kind: 'training_invitation'; params: TrainingInvitationSmsParams }
  | { phone: string; kind: 'training_deadline'; params: TrainingDeadlineSmsParams };
export type SmsNoticeKind = SmsNotice['kind'];

/** A company's invitation to join its training (企业内训). */
export interface TrainingInvitationSmsParams {
  /** The company's name, at most 20 characters. */
  company: string;
  /** Last day to answer, YYYY-MM-DD. */
  deadline: string;
}

/** An assigned course's deadline is near. */
export interface TrainingDeadlineSmsParams {
  /** The course title, at most 20 characters. */
  course: string;
  /** YYYY-MM-DD. */
  deadline: string;
}

/** The weekly learning digest's values (short strings, as template variables must be). */
export interface LearningDigestSmsParams {
  /** Last week's learning time, e.g. 2.5小时. */
  time: string;
  /** Courses finished last week. */
  courses: string;
  year: string;
  /** Credits of the year so far, e.g. 42.5. */
  credits: string;
  /** Credits still missing (0 when the year is met). */
  missing: string;
  /** Filing deadline, YYYY-MM-DD. */
  deadline: string;
}

/** Delivers verification codes. Implementations must never log the code. */
export interface SmsSender {
  readonly name: string;
  /** Resolves once the provider accepted the message; rejects when it did not. */
  send(message: SmsMessage): Promise<void>;
  /** Notices; absent when the provider has no approved template for them (Aliyun without a notice template code). */
  sendNotice?(notice: SmsNotice): Promise<void>;
  /** The notice kinds the provider has templates for; absent: every kind. */
  readonly noticeKinds?: readonly SmsNoticeKind[];
}

/** The SMS text as the user reads it (the console sender's outbox keeps it verbatim). */
export function smsText(message: SmsMessage): string {
  const action = {
    register: '注册账号',
    login: '登录',
    reset: '找回密码',
    change_phone: '更换手机号',
  }[message.purpose];
  return `【财务管理协会】您正在${action}，验证码${message.code}，5分钟内有效。如非本人操作，请忽略本短信。`;
}

/**
 * A notice SMS as the user reads it. For Aliyun this is the text of the notice template to register (variables
 * ${time} ${courses} ${year} ${credits} ${missing} ${deadline}); the console sender's outbox keeps it verbatim.
 */
export function noticeText(notice: SmsNotice): string {
  if (notice.kind === 'training_invitation')
    return `【财务管理协会】${notice.params.company}邀请您加入单位培训，请于${notice.params.deadline}前登录平台在个人中心“我的单位”接受或拒绝。`;
  if (notice.kind === 'training_deadline')
    return `【财务管理协会】单位指派的课程《${notice.params.course}》将于${notice.params.deadline}截止，请尽快登录平台学完。`;
  const p = notice.params;
  return `【财务管理协会】每周学习周报：您上周学习${p.time}，完成课程${p.courses}门；${p.year}年度已获继续教育学分${p.credits}学分，还差${p.missing}学分，学分折算申报截止${p.deadline}。详情请登录平台查看学分档案。`;
}
