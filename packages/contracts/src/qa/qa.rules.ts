/**
 * Finance and tax Q&A rules: categories, limits and the Chinese messages, shared by the web forms and the server so
 * both refuse the same input with the same words.
 */

/** The seven question categories (issue 14), in display order; stored as the Chinese name. */
export const QA_CATEGORIES = [
  '个人所得税',
  '增值税',
  '企业所得税',
  '社保公积金',
  '会计处理',
  '财务管理',
  '其他',
] as const;
export type QaCategory = (typeof QA_CATEGORIES)[number];

export const QA_TITLE_MIN = 5;
export const QA_TITLE_MAX = 60;
/** Question body: plain text with line breaks. */
export const QA_BODY_MAX = 2000;
export const QA_IMAGES_MAX = 3;
/** Question images: PNG, JPEG, GIF or WebP by content (as avatars), at most 5 MB each. */
export const QA_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const QA_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp';
export const QA_FOLLOW_UPS_MAX = 3;
export const QA_FOLLOW_UP_MAX = 500;
export const QA_FOLLOW_UP_ANSWER_MAX = 2000;
/** Questions a non-member may ask per calendar month (China time); members ask without limit (docs/decisions.md). */
export const QA_NON_MEMBER_MONTHLY_QUOTA = 3;
/** Answer HTML as sent by the editor, before sanitising. */
export const QA_ANSWER_MAX = 20000;
/** Answer text without markup must say at least this much. */
export const QA_ANSWER_TEXT_MIN = 10;
export const QA_REFERENCES_MAX = 10;
export const QA_TAGS_MAX = 3;
export const QA_TAG_MAX = 12;
/** A claim keeps a question for one expert this long; then any expert in the field may claim it. */
export const QA_CLAIM_MINUTES = 120;
/**
 * A question addressed to one expert (from the expert's page) is theirs for this many working days; unanswered by
 * then, any expert in the field may claim it, still within the same due time.
 */
export const QA_ADDRESSED_WORKING_DAYS = 1;
/** Working days between asking and the answer's due time (SPEC §9). */
export const QA_DUE_WORKING_DAYS = 2;
/** The claimant is reminded this many working hours before the due time. */
export const QA_DUE_SOON_WORKING_HOURS = 4;
export const QA_SEARCH_MAX = 50;
export const QA_SIMILAR_MAX = 5;

export const qaMessages = {
  titleRequired: '请输入问题标题',
  titleTooShort: `问题标题至少${QA_TITLE_MIN}个字`,
  titleTooLong: `问题标题不能超过${QA_TITLE_MAX}个字`,
  categoryRequired: '请选择问题分类',
  bodyRequired: '请描述您的问题',
  bodyTooLong: `问题描述不能超过${QA_BODY_MAX}个字`,
  imagesTooMany: `最多上传${QA_IMAGES_MAX}张图片`,
  imageRequired: '请选择要上传的图片',
  imageBadType: '仅支持 JPG、PNG、GIF、WebP 格式的图片',
  imageTooLarge: '图片不能超过5MB',
  imageNotFound: '图片不存在或已被使用，请重新上传',
  imageUploaded: '图片上传成功',
  quotaUsedUp: `非会员每月最多提问${QA_NON_MEMBER_MONTHLY_QUOTA}次，本月次数已用完，开通会员可不限次数提问`,
  asked: '提问成功，专家将在2个工作日内解答',
  questionNotFound: '问题不存在',
  followUpRequired: '请输入追问内容',
  followUpTooLong: `追问内容不能超过${QA_FOLLOW_UP_MAX}个字`,
  followUpsTooMany: `每个问题最多追问${QA_FOLLOW_UPS_MAX}次`,
  followUpNotAnswered: '专家解答后才能追问',
  followUpPending: '上一条追问尚未回复，请稍候',
  questionClosed: '问题已关闭',
  followUpSent: '追问已提交',
  closed: '问题已关闭',
  ratingInvalid: '评分为1到5分',
  ratedAlready: '您已评价过该解答',
  notAnsweredYet: '问题尚未解答，暂不能评价',
  rated: '感谢您的评价',
  votedAlready: '您已点过“有用”',
  voteOwn: '不能给自己的问题点“有用”',
  voted: '感谢您的反馈',
  notExpert: '仅限专家账号使用',
  outsideFields: '该问题不在您的解答领域',
  claimTaken: '该问题已被其他专家认领',
  alreadyAnswered: '该问题已解答',
  claimed: `认领成功，请在${QA_CLAIM_MINUTES}分钟内完成解答`,
  released: '已放弃认领',
  notClaimed: '请先认领该问题再解答',
  claimExpired: '认领已过期，请重新认领',
  answerRequired: '请输入解答内容',
  answerTooShort: `解答内容至少${QA_ANSWER_TEXT_MIN}个字`,
  answerTooLong: '解答内容过长',
  answered: '解答已提交',
  referenceTitleRequired: '请输入法规名称',
  referenceTooLong: '法规信息过长',
  referenceUrlInvalid: '法规链接须以 http:// 或 https:// 开头',
  referencesTooMany: `最多引用${QA_REFERENCES_MAX}条法规`,
  tagsTooMany: `最多${QA_TAGS_MAX}个标签`,
  tagInvalid: `标签为1到${QA_TAG_MAX}个字`,
  followUpNotFound: '追问不存在',
  followUpAnsweredAlready: '该追问已回复',
  followUpAnswered: '追问回复已提交',
  expertNotFound: '专家不存在',
  accountNotFound: '该手机号没有注册账号',
  accountLinkedElsewhere: '该账号已关联其他专家',
  expertLinked: '专家账号已关联',
  expertUnlinked: '专家账号已解除关联',
  categoriesRequired: '请至少选择一个解答领域',
  assigned: '已指派专家',
  notExpertAccount: '该账号不是专家账号',
  expertNotAnswering: '该专家暂未开通在线解答，请直接提问，由平台专家团队解答',
  hiddenChanged: '已更新问题可见性',
  holidayDateInvalid: '日期格式为 yyyy-MM-dd',
  holidayNameTooLong: '名称不能超过20个字',
  holidaySaved: '已保存',
  holidayDeleted: '已删除',
} as const;

/** Titles of the message-centre notices the Q&A area sends. */
export const qaNoticeTitles = {
  answered: '您的提问已有专家解答',
  followUpAnswered: '您的追问已有专家回复',
  followUpAsked: '提问者追问了您解答的问题',
  assigned: '您有新的指派问题',
  addressed: '有学员向您提问',
  dueSoon: '问题即将到期',
  overdue: '问题已超过解答时限',
  dailySummary: '在线问答每日汇总',
} as const;

// ---- finance consulting (/center/finance-consult) ------------------------------------------------------------
export const CONSULT_TOPIC_MAX = 60;
export const CONSULT_DESCRIPTION_MAX = 2000;
export const CONSULT_PREFERRED_MAX = 60;
export const CONSULT_NOTE_MAX = 200;
/** Requests waiting for staff that one account may have at a time. */
export const CONSULT_OPEN_MAX = 3;
export const CONSULT_STATES = ['requested', 'scheduled', 'done', 'cancelled'] as const;
export type ConsultState = (typeof CONSULT_STATES)[number];
export const CONSULT_STATE_LABELS: Record<ConsultState, string> = {
  requested: '待安排',
  scheduled: '已预约',
  done: '已完成',
  cancelled: '已取消',
};
export const CONSULT_CHANNELS = ['电话', '视频会议', '线下面谈'] as const;

export const consultMessages = {
  topicRequired: '请输入咨询主题',
  topicTooLong: `咨询主题不能超过${CONSULT_TOPIC_MAX}个字`,
  descriptionRequired: '请描述需要咨询的问题',
  descriptionTooLong: `问题描述不能超过${CONSULT_DESCRIPTION_MAX}个字`,
  preferredRequired: '请填写方便的时间',
  preferredTooLong: `方便的时间不能超过${CONSULT_PREFERRED_MAX}个字`,
  contactNameRequired: '请输入联系人',
  contactNameTooLong: '联系人不能超过20个字',
  contactPhoneRequired: '请输入联系电话',
  contactPhoneInvalid: '联系电话格式不正确',
  tooManyOpen: `最多同时有${CONSULT_OPEN_MAX}个待安排的咨询申请`,
  requested: '咨询申请已提交，工作人员将尽快与您联系',
  notFound: '咨询申请不存在',
  notCancellable: '该咨询已完成或已取消',
  cancelled: '咨询已取消',
  scheduleTimeRequired: '请选择咨询时间',
  scheduleTimePast: '咨询时间不能早于现在',
  channelRequired: '请选择咨询方式',
  noteTooLong: `说明不能超过${CONSULT_NOTE_MAX}个字`,
  scheduled: '已安排专家',
  notScheduled: '只有已预约的咨询可以标记完成',
  done: '咨询已完成',
  notRequestedOrScheduled: '该咨询已完成或已取消',
} as const;

export const consultNoticeTitles = {
  scheduled: '您的财税咨询已安排',
  expertScheduled: '您有新的财税咨询预约',
  done: '您的财税咨询已完成',
  cancelled: '财税咨询已取消',
} as const;

/** Derived states shown to askers: waiting (nobody is on it), answering (an expert claimed it), answered, closed. */
export const QA_STATES = ['waiting', 'answering', 'answered', 'closed'] as const;
export type QaState = (typeof QA_STATES)[number];
export const QA_STATE_LABELS: Record<QaState, string> = {
  waiting: '待解答',
  answering: '解答中',
  answered: '已解答',
  closed: '已关闭',
};
