/**
 * Chinese names for the audit log (/admin/audit): what was done and to what. Every action the server records has a
 * name here (apps/server/src/modules/audit/audit-labels.test.ts reads the server's code and fails on a missing one).
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'staff.set_roles': '设置角色',
  'staff.admin_create': '设为管理员（命令行）',
  'user.disable': '禁用账号',
  'user.enable': '启用账号',
  'user.grant_membership': '手动开通会员',
  'user.reset_password': '重置密码',
  'user.import': '批量导入用户',
  'invoice.issue': '开具发票',
  'invoice.reject': '驳回发票申请',
  'star_review.approve': '星级评定通过',
  'star_review.reject': '星级评定驳回',
  'company.verify': '企业认证通过',
  'company.reject': '企业认证驳回',
  'job_post.approve': '职位审核通过',
  'job_post.reject': '职位审核驳回',
  'job_post.offline': '职位下线',
  'exam_question.create': '新增试题',
  'exam_question.update': '修改试题',
  'exam_question.deactivate': '停用试题',
  'exam_question.import': '导入试题',
  'exam_paper.create': '新建试卷',
  'exam_session.create': '新建考试场次',
  'exam_type.create': '新建考试项目',
  'exam_type.update': '修改考试项目与公告',
  'exam_answer.grade': '阅卷评分',
  'certificate.revoke': '撤销证书',
  'question.assign': '指派问题',
  'question.hide': '隐藏问题',
  'question.restore': '恢复问题',
  'expert.link': '关联专家账号',
  'expert.unlink': '解除专家账号',
  'expert.save': '保存智库专家',
  'work_calendar.save': '保存节假日',
  'work_calendar.delete': '删除节假日',
  'consultation.schedule': '安排咨询',
  'consultation.finish': '完成咨询',
  'consultation.cancel': '取消咨询',
  'course.create': '新建课程',
  'course.update': '修改课程',
  'course.delete': '删除课程',
  'course.publish': '发布课程',
  'course.unpublish': '下架课程',
  'course_lesson.create': '新增课时',
  'course_lesson.update': '修改课时',
  'course_lesson.delete': '删除课时',
  'course_lesson.reorder': '课时排序',
  'course_lesson.upload_video': '上传课时视频',
  'course_lesson.upload_subtitles': '上传课时字幕',
  'course_lesson.delete_subtitles': '删除课时字幕',
  'course_question.create': '新增课后习题',
  'course_question.update': '修改课后习题',
  'course_question.delete': '删除课后习题',
  'course_tag.create': '新建课程标签',
  'course_tag.update': '修改课程标签',
  'course_tag.delete': '删除课程标签',
  'course_teacher.create': '新建讲师',
  'course_teacher.update': '修改讲师',
  'course_teacher.delete': '删除讲师',
  'course_image.upload': '上传课程图片',
  'moderation.hide': '屏蔽内容',
  'moderation.keep': '审核保留',
  'moderation.restore': '恢复内容',
  'moderation.words': '修改敏感词',
  'article.create': '新建文章',
  'article.update': '修改文章',
  'article.publish': '发布文章',
  'article.schedule': '定时发布文章',
  'article.withdraw': '撤回文章',
  'article.restore': '恢复文章历史版本',
  'content_image.upload': '上传文章图片',
  'content_lead.handle': '处理合作意向',
  'learning_base.save': '保存学习基地',
  'base_manager.approve': '学习基地负责人申请通过',
  'base_manager.reject': '学习基地负责人申请驳回',
  'credit_rule.save': '保存继续教育学分规则',
  'course_credit.save': '设置课程学分',
  'credit_conversion.approve': '学分折算审核通过',
  'credit_conversion.reject': '学分折算审核驳回',
  'credit_conversion.withdraw': '撤销学分折算',
  'seat_tier.create': '新增学员卡价格档',
  'seat_tier.update': '修改学员卡价格档',
  'seat_tier.delete': '删除学员卡价格档',
  'training_plan.create': '新建学习计划',
  'training_plan.update': '修改学习计划',
  'seat.fix': '应企业请求调整学员卡分配',
  'standard.create': '新增准则或政策',
  'standard.update': '修改准则或政策',
  'standard.link': '关联准则或政策',
  'standard.unlink': '取消关联准则或政策',
  'standard.change': '记录准则或政策修订',
  'standard.mark_updated': '标记内容已按修订更新',
  'service_guide.save': '保存服务指南',
  'banner.create': '新建首页横幅',
  'banner.update': '修改首页横幅',
  'topic_page.save': '保存专题页',
  'live_class.create': '新建直播课',
  'live_class.update': '修改直播课',
  'live_class.recording': '挂接直播回放',
  'live_chat.pin': '置顶聊天消息',
  'live_chat.unpin': '取消置顶聊天消息',
  'live_chat.remove': '删除聊天消息',
  'magazine.upload': '上传电子杂志',
  'magazine.update': '修改电子杂志',
  'magazine.publish': '发布电子杂志',
  'magazine.remove': '删除电子杂志',
};

/** Chinese names of the kinds of record the log names (the 对象 column and its filter). */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  user: '用户',
  invoice: '发票',
  star_review: '星级评定',
  company: '企业',
  job_post: '职位',
  exam_question: '试题',
  exam_paper: '试卷',
  exam_session: '考试场次',
  exam_type: '考试项目',
  exam_attempt: '答卷',
  certificate: '证书',
  question: '问答',
  expert_profile: '专家账号',
  expert: '智库专家',
  work_calendar: '节假日',
  consultation: '咨询',
  course: '课程',
  course_lesson: '课时',
  course_question: '课后习题',
  course_tag: '课程标签',
  course_teacher: '讲师',
  course_image: '课程图片',
  moderation_comment: '评论',
  moderation_words: '敏感词',
  article: '文章',
  content_image: '文章图片',
  content_lead: '合作意向',
  learning_base: '学习基地',
  base_manager_application: '学习基地负责人申请',
  credit_rule: '学分规则',
  course_credit: '课程学分',
  credit_conversion: '学分折算',
  standard: '准则或政策',
  seat_tier: '学员卡价格档',
  training_plan: '学习计划',
  training_seat: '学员卡',
  service_guide: '服务指南',
  banner: '首页横幅',
  topic_page: '专题页',
  live_class: '直播课',
  magazine: '电子杂志',
};

const TITLE_KEYS = ['title', 'name', 'nickname', 'number', 'company_name', 'phone', 'date'] as const;

function titleIn(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  for (const key of TITLE_KEYS) {
    const v = record[key];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
}

/**
 * The record an entry is about, as a person reads it: 课程《新收入准则精讲》, 用户 13800138000, 发票 #12 when the
 * record's title is not in the entry.
 */
export function auditTarget(entry: { entity: string; entity_id: string | null; before: unknown; after: unknown }): string {
  const kind = AUDIT_ENTITY_LABELS[entry.entity] ?? '记录';
  const title = titleIn(entry.after) ?? titleIn(entry.before);
  if (title) return /^[\d\s:-]+$/.test(title) ? `${kind} ${title}` : `${kind}《${title}》`;
  return entry.entity_id ? `${kind} #${entry.entity_id}` : kind;
}

/** The action's Chinese name; an unnamed one (it should not happen) reads as 其他操作, never as a code. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? '其他操作';
