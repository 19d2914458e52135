/** Limits and Chinese messages of the staff's course authoring (/admin/courses). */
import { PRESENCE_MINUTES_MAX, PRESENCE_MINUTES_MIN } from '../learning/learning.rules';

export const COURSE_TITLE_MAX = 60;
export const COURSE_SUMMARY_MAX = 200;
/** The sanitised HTML of a course description, characters. */
export const COURSE_DESCRIPTION_MAX = 20_000;
export const COURSE_TAGS_MAX = 5;
export const TAG_NAME_MAX = 20;
export const TEACHER_NAME_MAX = 20;
export const TEACHER_TITLE_MAX = 30;
export const TEACHER_INTRO_MAX = 500;
export const LESSON_TITLE_MAX = 60;
export const QUESTION_STEM_MAX = 500;
export const QUESTION_OPTION_MAX = 200;
export const QUESTION_EXPLANATION_MAX = 1000;
export const QUESTION_OPTIONS_MIN = 2;
export const QUESTION_OPTIONS_MAX = 6;
/** Option keys, in order. */
export const QUESTION_OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
/** Highest course price, fen (¥99,999.00). */
export const COURSE_PRICE_MAX_FEN = 9_999_900;
/** Course cover images: PNG, JPEG, GIF or WebP by content. */
export const COURSE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const COURSE_IMAGE_URL_PREFIX = '/media/course-images/';

/** Lesson videos: any size up to this (several GB), sent in chunks that each carry their SHA-256. */
export const VIDEO_UPLOAD_MAX_BYTES = 20 * 1024 * 1024 * 1024;
/** The size of every chunk but the last; the server refuses larger ones. */
export const VIDEO_CHUNK_BYTES = 8 * 1024 * 1024;
/** Request header carrying the offset the chunk starts at. */
export const VIDEO_CHUNK_OFFSET_HEADER = 'upload-offset';
/** Request header carrying the hex SHA-256 of the chunk's bytes. */
export const VIDEO_CHUNK_SHA256_HEADER = 'chunk-sha256';

/** Lesson subtitles: a WebVTT or SRT file (SRT is converted to WebVTT), UTF-8 or GBK, at most this size. */
export const SUBTITLE_MAX_BYTES = 1024 * 1024;
/** The file extensions the authoring screen offers; the server reads the content, not only the name. */
export const SUBTITLE_FILE_EXTENSIONS = ['.vtt', '.srt'] as const;
/** The one subtitle language lessons carry today (the table keys by language for more later). */
export const SUBTITLE_DEFAULT_LANG = 'zh-CN';
export const SUBTITLE_DEFAULT_LABEL = '中文';
/** A cue may end this many seconds after the lesson's measured duration (ffprobe rounds to whole seconds). */
export const SUBTITLE_DURATION_GRACE_S = 1;

/** A lesson video's transcoding job. */
export const VIDEO_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type VideoJobStatus = (typeof VIDEO_JOB_STATUSES)[number];
export const VIDEO_JOB_STATUS_LABELS: Record<VideoJobStatus, string> = {
  queued: '排队转码',
  running: '转码中',
  done: '已就绪',
  failed: '转码失败',
};

export const courseAdminMessages = {
  titleRequired: '请输入课程名称',
  titleTooLong: `课程名称不能超过${COURSE_TITLE_MAX}个字`,
  summaryRequired: '请输入课程简介',
  summaryTooLong: `课程简介不能超过${COURSE_SUMMARY_MAX}个字`,
  descriptionTooLong: '课程详情内容过长',
  coverRequired: '请上传课程封面',
  coverInvalid: '封面地址不正确，请重新上传',
  teacherRequired: '请选择讲师',
  teacherNotFound: '讲师不存在',
  tagsRequired: '请至少选择一个课程标签',
  tagsTooMany: `课程标签不能超过${COURSE_TAGS_MAX}个`,
  tagInvalid: '课程标签不存在',
  kindRequired: '请选择课程形式',
  outerUrlRequired: '外部链接课程请填写以 http:// 或 https:// 开头的链接地址',
  priceTypeRequired: '请选择收费方式',
  priceRequired: '付费课程请填写大于0的价格',
  priceInvalid: '价格不正确（最多两位小数，不超过99999元）',
  priceNotPaid: '免费和会员课程不能设置价格',
  memberPriceTooHigh: '会员价不能高于原价',
  presenceMinutesInvalid: `学习确认间隔请填写${PRESENCE_MINUTES_MIN}-${PRESENCE_MINUTES_MAX}之间的整数分钟`,
  presenceBoth: '学习确认间隔请同时填写最短和最长分钟数，或都留空使用默认值',
  presenceOrder: '最长间隔不能小于最短间隔',
  maxRateInvalid: '最高倍速只能选择1、1.25、1.5或2倍',
  courseNotFound: '课程不存在',
  saved: '已保存',
  created: '已创建',
  deleted: '已删除',
  published: '课程已发布',
  unpublished: '课程已下架',
  publishWithoutLessons: '课程还没有课时，不能发布',
  publishVideoNotReady: (titles: string) => `以下课时的视频尚未就绪，不能发布：${titles}`,
  publishOuterWithoutUrl: '外部链接课程缺少链接地址，不能发布',
  addLessonToPublished: '课程已发布，请先下架再新增课时',
  deleteLessonOfPublished: '课程已发布，请先下架再删除课时',
  deletePublishedCourse: '已发布的课程不能删除，请先下架',
  courseHasLearners: '该课程已有学员学习，不能删除，可以下架',
  lessonNotFound: '课时不存在',
  lessonTitleRequired: '请输入课时名称',
  lessonTitleTooLong: `课时名称不能超过${LESSON_TITLE_MAX}个字`,
  outerCourseNoLessons: '外部链接课程没有课时',
  reorderMismatch: '课时列表已变化，请刷新后重新排序',
  tagNameRequired: '请输入标签名称',
  tagNameTooLong: `标签名称不能超过${TAG_NAME_MAX}个字`,
  tagNameTaken: '标签名称已存在',
  tagNotFound: '标签不存在',
  tagParentInvalid: '上级标签必须是一级标签',
  tagHasChildren: '该标签下还有二级标签，请先删除二级标签',
  tagCourseNeedsSecondLevel: '课程标签请选择二级标签',
  teacherNameRequired: '请输入讲师姓名',
  teacherNameTooLong: `讲师姓名不能超过${TEACHER_NAME_MAX}个字`,
  teacherTitleRequired: '请输入讲师职称',
  teacherTitleTooLong: `讲师职称不能超过${TEACHER_TITLE_MAX}个字`,
  teacherIntroTooLong: `讲师简介不能超过${TEACHER_INTRO_MAX}个字`,
  teacherPhotoRequired: '请上传讲师照片',
  teacherInUse: '该讲师还有课程，不能删除',
  questionNotFound: '题目不存在',
  stemRequired: '请输入题干',
  stemTooLong: `题干不能超过${QUESTION_STEM_MAX}个字`,
  optionRequired: '选项内容不能为空',
  optionTooLong: `选项不能超过${QUESTION_OPTION_MAX}个字`,
  optionsCount: `请设置${QUESTION_OPTIONS_MIN}-${QUESTION_OPTIONS_MAX}个选项`,
  answerRequired: '请选择正确答案',
  answerNotOption: '正确答案必须是已有的选项',
  singleOneAnswer: '单选题只能有一个正确答案',
  multipleTwoAnswers: '多选题至少要有两个正确答案',
  explanationTooLong: `解析不能超过${QUESTION_EXPLANATION_MAX}个字`,
  imageMissing: '请选择图片文件',
  imageNotImage: '只能上传 PNG、JPG、GIF 或 WebP 图片',
  imageTooLarge: '图片不能超过5MB',
  uploadNotFound: '上传任务不存在或已结束，请重新选择文件',
  uploadFileNameRequired: '请选择视频文件',
  uploadSizeInvalid: '视频文件大小不正确',
  uploadTooLarge: '视频文件不能超过20GB',
  uploadNotVideo: '文件内容不是视频，请选择 MP4、MOV、MKV、AVI、FLV 等视频文件',
  uploadOffsetMismatch: (expected: number) => `上传位置不一致，服务器已收到 ${expected} 字节，请从该位置继续上传`,
  uploadChecksumMissing: '缺少分片校验值',
  uploadChecksumMismatch: '分片校验失败，数据在传输中损坏，请重新上传该分片',
  uploadChunkTooLarge: '分片过大',
  uploadChunkEmpty: '分片不能为空',
  uploadChunkPastEnd: '分片超出文件大小',
  uploadDone: '视频已上传，正在排队转码',
  videoJobFailed: '视频转码失败',
  subtitleMissing: '请选择字幕文件',
  subtitleTooLarge: '字幕文件不能超过1MB',
  subtitleBadType: '字幕文件须为 WebVTT（.vtt）或 SRT（.srt）格式',
  subtitleEmpty: '字幕文件是空的',
  subtitleNoCues: '字幕文件中没有字幕内容',
  subtitleUndecodable: '无法识别字幕文件的文字编码，请保存为 UTF-8 或 GBK 后重新上传',
  /** A malformed line: `字幕文件第 12 行：时间格式不正确`. */
  subtitleLine: (line: number, problem: string) => `字幕文件第 ${line} 行：${problem}`,
  subtitlePastEnd: (end: string, duration: string) => `结束时间 ${end} 超出课时时长 ${duration}`,
  subtitleNotFound: '该课时还没有字幕',
  subtitleSaved: '字幕已保存',
  subtitleDeleted: '字幕已删除',
} as const;
