/**
 * Standards and policies (准则与政策) that courses and exam types teach, and the 修订提示 when one changes: limits, labels
 * and every Chinese text of the area, shared by the staff screen, the public notice and the server. No zod here: the
 * public course and exam pages read the notice's wording from this file.
 */

/** 准则 (an accounting standard) or 政策 (a tax or other policy): the word every text of the area uses for it. */
export const STANDARD_KINDS = ['standard', 'policy'] as const;
export type StandardKind = (typeof STANDARD_KINDS)[number];
export const STANDARD_KIND_LABELS: Record<StandardKind, string> = { standard: '准则', policy: '政策' };

export const STANDARD_NAME_MAX = 80;
export const STANDARD_ISSUER_MAX = 40;
export const STANDARD_DOC_NUMBER_MAX = 40;
/** What changed, in a sentence or two: it goes into every learner's message and onto the public pages. */
export const STANDARD_CHANGE_NOTE_MAX = 300;

/** What a standard is linked to: a course (its finishers are told) or an exam type (its valid certificates' holders). */
export const STANDARD_TARGETS = ['course', 'exam_type'] as const;
export type StandardTarget = (typeof STANDARD_TARGETS)[number];

/** The note as it sits inside a sentence: without the full stop the sentence adds itself. */
const clause = (note: string) => note.trim().replace(/[。．.；;，,、\s]+$/u, '');

/** The note as a sentence of its own, ending in 。 whatever staff typed at its end. */
export const standardNoteSentence = (note: string) => `${clause(note)}。`;

/** Title of the learner's message-centre notice: 准则修订提示 / 政策修订提示. */
export const standardChangeTitle = (kind: StandardKind) => `${STANDARD_KIND_LABELS[kind]}修订提示`;

export interface StandardChangeFacts {
  kind: StandardKind;
  /** The standard's name, e.g. 企业会计准则第14号——收入. */
  standard: string;
  /** YYYY-MM-DD. */
  changedOn: string;
  note: string;
}

/** The message a learner who finished the course gets. */
export const standardChangeCourseMessage = (f: StandardChangeFacts & { course: string }) =>
  `您学习的课程《${f.course}》所依据的《${f.standard}》已于${f.changedOn}修订：${clause(f.note)}。课程更新前请以最新${STANDARD_KIND_LABELS[f.kind]}为准。`;

/** The message a holder of a valid certificate of the exam type gets. */
export const standardChangeCertificateMessage = (f: StandardChangeFacts & { examType: string }) =>
  `您持有的《${f.examType}》证书所涉及的《${f.standard}》已于${f.changedOn}修订：${clause(f.note)}。工作中请以最新${STANDARD_KIND_LABELS[f.kind]}为准。`;

/** The public notice's heading on a course page or an exam notice: 本课程依据的准则已修订（2026-11-20）. */
export const standardNoticeHeading = (where: StandardTarget, kind: StandardKind, changedOn: string) =>
  `${where === 'course' ? '本课程' : '本考试'}依据的${STANDARD_KIND_LABELS[kind]}已修订（${changedOn}）`;

/** What the notice asks of the reader until the content is updated. */
export const standardNoticeHint = (where: StandardTarget, kind: StandardKind) =>
  `${where === 'course' ? '课程内容更新前' : '考试内容更新前'}，请以最新${STANDARD_KIND_LABELS[kind]}为准。`;

export const standardsMessages = {
  kindRequired: '请选择类别（准则或政策）',
  nameRequired: '请输入准则或政策的名称',
  nameTooLong: `名称最多${STANDARD_NAME_MAX}个字`,
  issuerRequired: '请输入发布机关',
  issuerTooLong: `发布机关最多${STANDARD_ISSUER_MAX}个字`,
  docNumberTooLong: `文号最多${STANDARD_DOC_NUMBER_MAX}个字`,
  nameTaken: '已有同名的准则或政策',
  notFound: '准则或政策不存在',
  targetRequired: '请选择要关联的课程或考试项目（二选一）',
  courseNotFound: '课程不存在',
  examTypeNotFound: '考试项目不存在',
  alreadyLinked: '已关联过该课程或考试项目',
  linkNotFound: '该关联不存在',
  changedOnRequired: '请选择修订日期',
  changedOnInvalid: '修订日期应为YYYY-MM-DD格式的日期',
  changedOnFuture: '修订日期不能晚于今天',
  noteRequired: '请填写修订内容',
  noteTooLong: `修订内容最多${STANDARD_CHANGE_NOTE_MAX}个字`,
  changeTaken: '该日期的修订已记录，请勿重复提交',
  noticeQueryRequired: '请指定课程或考试项目',
  nothingToUpdate: '该课程或考试项目已是最新内容，无需标记',
  created: '已新增',
  saved: '已保存',
  linked: '已关联',
  unlinked: '已取消关联',
  changeRecorded: (audience: number) =>
    audience > 0 ? `已记录修订，正在通知${audience}位学员与持证人` : '已记录修订（暂无需要通知的学员或持证人）',
  markedUpdated: '已标记为已更新，公开页面的修订提示已撤下',
} as const;
