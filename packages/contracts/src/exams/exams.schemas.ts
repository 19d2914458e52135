import { z } from 'zod';
import { CREDIT_CATEGORIES, CREDIT_GRANT_MAX } from '../credits/credits.rules';
import { recordIdSchema } from '../common/ids';
import {
  ANSWER_TEXT_MAX,
  ATTEMPT_STATES,
  CERTIFICATE_STATES,
  LEAVE_AWAY_MAX_MS,
  FEE_MODES,
  FILL_ANSWERS_MAX,
  MULTIPLE_SCORINGS,
  NOTICE_MAX,
  SYLLABUS_MAX,
  TYPE_NAME_MAX,
  TYPE_NAME_PATTERN,
  OPTION_MAX,
  OPTIONS_MAX,
  OPTIONS_MIN,
  PAPER_MODES,
  QUESTION_KINDS,
  REGISTRATION_STATES,
  REVOKE_REASON_MAX,
  STEM_MAX,
  SUBMIT_REASONS,
  examsMessages as m,
} from './exams.rules';

const iso = z.string();

// ---------------------------------------------------------------------------------------------------------------
// Exam types, notices and sessions (public)

export const examSessionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  register_start: iso,
  register_end: iso,
  exam_start: iso,
  exam_end: iso,
  /** Minutes a candidate has once started (never past exam_end). */
  duration_minutes: z.number().int(),
  /** Leaves of the paper (absences longer than LEAVE_GRACE_SECONDS) that submit it; 0: counted only. */
  max_leaves: z.number().int(),
  max_attempts: z.number().int(),
  /** A candidate who has passed may use the attempts left; otherwise a pass ends the session for them. */
  retake_after_pass: z.boolean(),
  capacity: z.number().int().nullable(),
  registered_count: z.number().int(),
  /** registration_open | registration_closed | upcoming | open | closed, at the server's now. */
  phase: z.enum(['registration_upcoming', 'registration_open', 'registration_closed', 'exam_open', 'exam_closed']),
  /** The registration window is open at the server's now (the exam itself may already be open too). */
  registration_open: z.boolean(),
  /** The caller's registration (null when logged out or not registered). */
  my_registration: z
    .object({ id: z.number().int(), state: z.enum(REGISTRATION_STATES) })
    .nullable(),
});
export type ExamSession = z.infer<typeof examSessionSchema>;

export const examTypeSchema = z.object({
  id: z.number().int(),
  /** Used in the URL: /examNotice/{type_name}. */
  type_name: z.string(),
  name: z.string(),
  level: z.string(),
  summary: z.string(),
  fee_mode: z.enum(FEE_MODES),
  /** Fen; 0 unless fee_mode is paid or member_free (non-members pay it). */
  fee: z.number().int(),
  pass_score: z.number().int(),
  full_score: z.number().int(),
  validity_months: z.number().int(),
  /** 0 means no star level needed. */
  min_star: z.number().int(),
  min_finished_courses: z.number().int(),
  /** Continuing-education credits a pass grants (tenths of a credit) and their category; null: none. */
  credit_category: z.enum(CREDIT_CATEGORIES).nullable(),
  credits: z.number().int().nullable(),
});
export type ExamType = z.infer<typeof examTypeSchema>;

export const examNoticeSchema = examTypeSchema.extend({
  /** Plain text paragraphs (notice body). */
  notice: z.string(),
  /** One syllabus item per entry. */
  syllabus: z.array(z.string()),
  eligibility: z.array(z.string()),
  sessions: z.array(examSessionSchema),
});
export type ExamNotice = z.infer<typeof examNoticeSchema>;

export const typeNameParamsSchema = z.object({ typeName: z.string().min(1).max(80) });

// ---------------------------------------------------------------------------------------------------------------
// Registration and the candidate's list (GET /api/exams, errors silent: SPEC §8)

export const examRegisterBodySchema = z.object({ session_id: recordIdSchema(m.sessionNotFound) });
export type ExamRegisterBody = z.input<typeof examRegisterBodySchema>;

export const attemptSummarySchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  state: z.enum(ATTEMPT_STATES),
  started_at: iso,
  deadline: iso,
  submitted_at: iso.nullable(),
  submit_reason: z.enum(SUBMIT_REASONS).nullable(),
  /** Null until every question is graded. */
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
});
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

export const myRegistrationSchema = z.object({
  id: z.number().int(),
  state: z.enum(REGISTRATION_STATES),
  created_at: iso,
  type: z.object({ id: z.number().int(), type_name: z.string(), name: z.string(), pass_score: z.number().int() }),
  session: examSessionSchema.omit({ my_registration: true }),
  attempts: z.array(attemptSummarySchema),
  attempts_left: z.number().int(),
  /** upcoming | open | finished, for the three lists of /center/examination. */
  group: z.enum(['upcoming', 'open', 'finished']),
  certificate_number: z.string().nullable(),
  /** The attempt that earned the certificate, shown beside it. */
  certificate_attempt_id: z.number().int().nullable(),
});
export type MyRegistration = z.infer<typeof myRegistrationSchema>;

export const myExamsSchema = z.object({
  registrations: z.array(myRegistrationSchema),
  server_now: iso,
});
export type MyExams = z.infer<typeof myExamsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Attempts

/** A candidate's answer: option keys (choice), true/false (judge), text (fill-in and short answer). */
export const answerValueSchema = z.union(
  [
    z.array(z.number().int().min(0).max(OPTIONS_MAX - 1)).max(OPTIONS_MAX),
    z.boolean(),
    z.string().max(ANSWER_TEXT_MAX, { error: m.answerTooLong }),
  ],
  { error: m.answerInvalid },
);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const attemptQuestionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(QUESTION_KINDS),
  stem: z.string(),
  score: z.number(),
  /** In this attempt's order; `key` is what an answer names. */
  options: z.array(z.object({ key: z.number().int(), text: z.string() })),
  answer: answerValueSchema.nullable(),
  flagged: z.boolean(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

export const reviewItemSchema = z.object({
  question_id: z.number().int(),
  correct: answerValueSchema.nullable(),
  analysis: z.string(),
  earned: z.number().nullable(),
  comment: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const attemptSchema = z.object({
  id: z.number().int(),
  registration_id: z.number().int(),
  state: z.enum(ATTEMPT_STATES),
  type_name: z.string(),
  exam_name: z.string(),
  paper_title: z.string(),
  started_at: iso,
  deadline: iso,
  /** The server's clock when this answer was made: the page counts down from deadline - server_now. */
  server_now: iso,
  submitted_at: iso.nullable(),
  submit_reason: z.enum(SUBMIT_REASONS).nullable(),
  leave_count: z.number().int(),
  /** 0 means leaving is counted but never submits the paper. */
  max_leaves: z.number().int(),
  full_score: z.number(),
  pass_score: z.number().int(),
  questions: z.array(attemptQuestionSchema),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  pending_grading: z.number().int(),
  /** Correct answers and analysis, only when the paper allows it and the session has closed. */
  review: z.array(reviewItemSchema).nullable(),
  certificate_number: z.string().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const attemptIdParamsSchema = z.object({ id: recordIdSchema(m.attemptNotFound) });
export const registrationIdParamsSchema = z.object({ id: recordIdSchema(m.registrationNotFound) });

export const saveAnswersBodySchema = z.object({
  answers: z
    .array(
      z.object({
        question_id: recordIdSchema(m.questionNotOnAttempt),
        answer: answerValueSchema.nullable(),
        flagged: z.boolean().default(false),
      }),
    )
    .min(1)
    .max(200),
});
export type SaveAnswersBody = z.input<typeof saveAnswersBodySchema>;
export const saveAnswersResultSchema = z.object({ saved: z.number().int(), server_now: iso });
export type SaveAnswersResult = z.infer<typeof saveAnswersResultSchema>;

/** One absence of the paper, measured by the page and reported when it is back (or on its next load). */
export const leaveBodySchema = z.object({
  away_ms: z
    .number({ error: m.awayInvalid })
    .int({ error: m.awayInvalid })
    .min(0, { error: m.awayInvalid })
    .max(LEAVE_AWAY_MAX_MS, { error: m.awayInvalid }),
});
export type LeaveBody = z.infer<typeof leaveBodySchema>;

export const leaveResultSchema = z.object({
  leave_count: z.number().int(),
  max_leaves: z.number().int(),
  state: z.enum(ATTEMPT_STATES),
  /** False when the absence was within LEAVE_GRACE_SECONDS and was not counted. */
  counted: z.boolean(),
});
export type LeaveResult = z.infer<typeof leaveResultSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Certificates

export const certificateSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  holder_name: z.string(),
  exam_name: z.string(),
  level: z.string(),
  score: z.number(),
  issued_at: iso,
  valid_until: iso,
  state: z.enum(CERTIFICATE_STATES),
  revoked_at: iso.nullable(),
  revoke_reason: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateCheckSchema = z.object({
  number: z.string(),
  /** Masked: 张*明. */
  holder_name: z.string(),
  exam_name: z.string(),
  level: z.string(),
  issued_at: iso,
  valid_until: iso,
  state: z.enum(CERTIFICATE_STATES),
  issuer: z.string(),
});
export type CertificateCheck = z.infer<typeof certificateCheckSchema>;
export const certificateNumberParamsSchema = z.object({ number: z.string().min(1).max(40) });

/** The issuer key document published at ISSUER_KEY_PATH (a Multikey with its JWK). */
export const issuerKeySchema = z.object({
  '@context': z.array(z.string()),
  id: z.string(),
  type: z.string(),
  controller: z.string(),
  publicKeyMultibase: z.string(),
  publicKeyJwk: z.object({ kty: z.string(), crv: z.string(), x: z.string() }),
});
export type IssuerKey = z.infer<typeof issuerKeySchema>;
export const issuerProfileSchema = z.object({
  '@context': z.array(z.string()),
  id: z.string(),
  type: z.array(z.string()),
  name: z.string(),
  url: z.string(),
});

// ---------------------------------------------------------------------------------------------------------------
// Staff: question bank, papers, grading, certificates

const trimmed = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

export const questionBodySchema = z
  .object({
    type_id: recordIdSchema(m.typeNotFound),
    kind: z.enum(QUESTION_KINDS, { error: m.kindInvalid }),
    knowledge_point: trimmed(60, m.knowledgePointRequired, m.knowledgePointRequired),
    difficulty: z.coerce.number({ error: m.difficultyInvalid }).int({ error: m.difficultyInvalid }).min(1, { error: m.difficultyInvalid }).max(3, { error: m.difficultyInvalid }),
    stem: trimmed(STEM_MAX, m.stemRequired, m.stemTooLong),
    options: z.array(z.string().trim().max(OPTION_MAX, { error: m.optionTooLong })).max(OPTIONS_MAX, { error: m.optionsInvalid }).default([]),
    /** single/multiple: option indexes; judge: boolean; fill: accepted answers; short: reference answer. */
    answer: z.union([z.array(z.number().int().min(0)), z.boolean(), z.array(z.string()), z.string()], {
      error: m.answerRequired,
    }),
    score: z.coerce.number({ error: m.scoreInvalid }).int({ error: m.scoreInvalid }).min(1, { error: m.scoreInvalid }).max(100, { error: m.scoreInvalid }),
    analysis: z.string().trim().max(STEM_MAX).default(''),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const choice = q.kind === 'single' || q.kind === 'multiple';
    if (choice) {
      if (q.options.length < OPTIONS_MIN || q.options.some((o) => o.length === 0)) issue('options', m.optionsInvalid);
      const a = q.answer;
      if (!Array.isArray(a) || a.some((x) => typeof x !== 'number')) return issue('answer', m.answerRequired);
      const keys = a as number[];
      if (keys.some((k) => k >= q.options.length)) issue('answer', m.answerOutOfOptions);
      if (new Set(keys).size !== keys.length) issue('answer', m.answerRequired);
      if (q.kind === 'single' && keys.length !== 1) issue('answer', m.singleOneAnswer);
      if (q.kind === 'multiple' && keys.length < 2) issue('answer', m.multipleTwoAnswers);
    } else if (q.options.length > 0) {
      issue('options', m.optionsInvalid);
    }
    if (q.kind === 'judge' && typeof q.answer !== 'boolean') issue('answer', m.answerRequired);
    if (q.kind === 'fill') {
      const a = q.answer;
      if (
        !Array.isArray(a) ||
        a.length === 0 ||
        a.length > FILL_ANSWERS_MAX ||
        a.some((x) => typeof x !== 'string' || x.trim() === '')
      )
        issue('answer', m.fillAnswersInvalid);
    }
    if (q.kind === 'short' && (typeof q.answer !== 'string' || q.answer.trim() === '')) issue('answer', m.answerRequired);
  });
export type QuestionBody = z.input<typeof questionBodySchema>;
export type QuestionInput = z.output<typeof questionBodySchema>;

export const questionSchema = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  kind: z.enum(QUESTION_KINDS),
  knowledge_point: z.string(),
  difficulty: z.number().int(),
  stem: z.string(),
  options: z.array(z.string()),
  answer: z.union([z.array(z.number().int()), z.boolean(), z.array(z.string()), z.string()]),
  score: z.number().int(),
  analysis: z.string(),
  active: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionListQuerySchema = z.object({
  type_id: recordIdSchema(m.typeNotFound).optional(),
  kind: z.enum(QUESTION_KINDS).optional(),
  keyword: z.string().trim().max(50).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type QuestionListQuery = z.input<typeof questionListQuerySchema>;
export const questionPageSchema = z.object({
  list: z.array(questionSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Bank counts per type and kind, for building paper rules. */
});
export type QuestionPage = z.infer<typeof questionPageSchema>;
export const questionIdParamsSchema = z.object({ id: recordIdSchema(m.questionNotFound) });

export const importErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;
export const importResultSchema = z.object({ imported: z.number().int() });
export const importQuerySchema = z.object({ type_id: recordIdSchema(m.typeNotFound) });

export const examPaperRuleSchema = z.object({
  kind: z.enum(QUESTION_KINDS, { error: m.kindInvalid }),
  knowledge_point: z.string().trim().max(60).nullable().default(null),
  difficulty: z.number().int().min(1).max(3).nullable().default(null),
  count: z.number().int().min(1).max(100),
  /** Score of each drawn question. */
  score: z.number().int().min(1).max(100),
});
export type ExamPaperRule = z.output<typeof examPaperRuleSchema>;

export const examPaperBodySchema = z
  .object({
    type_id: recordIdSchema(m.typeNotFound),
    title: trimmed(100, m.paperTitleRequired, m.paperTitleRequired),
    mode: z.enum(PAPER_MODES),
    duration_minutes: z.number({ error: m.durationInvalid }).int().min(5, { error: m.durationInvalid }).max(300, { error: m.durationInvalid }),
    multiple_scoring: z.enum(MULTIPLE_SCORINGS),
    shuffle_questions: z.boolean().default(true),
    shuffle_options: z.boolean().default(true),
    allow_review: z.boolean().default(true),
    max_leaves: z.number({ error: m.maxLeavesInvalid }).int().min(0, { error: m.maxLeavesInvalid }).max(20, { error: m.maxLeavesInvalid }),
    /** Fixed papers: question ids with their score (default: the question's own score). */
    questions: z.array(z.object({ id: z.number().int().positive(), score: z.number().int().min(1).max(100).optional() })).max(200).default([]),
    /** Random papers: what each candidate's draw contains. */
    rules: z.array(examPaperRuleSchema).max(20).default([]),
  })
  .superRefine((p, ctx) => {
    if (p.mode === 'fixed' && p.questions.length === 0)
      ctx.addIssue({ code: 'custom', path: ['questions'], message: m.paperQuestionsRequired });
    if (p.mode === 'random' && p.rules.length === 0)
      ctx.addIssue({ code: 'custom', path: ['rules'], message: m.paperRulesRequired });
  });
export type ExamPaperBody = z.input<typeof examPaperBodySchema>;

export const examPaperSchema = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  type_name: z.string(),
  title: z.string(),
  mode: z.enum(PAPER_MODES),
  duration_minutes: z.number().int(),
  multiple_scoring: z.enum(MULTIPLE_SCORINGS),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  allow_review: z.boolean(),
  max_leaves: z.number().int(),
  full_score: z.number(),
  question_count: z.number().int(),
  rules: z.array(examPaperRuleSchema),
  question_ids: z.array(z.number().int()),
  created_at: iso,
});
export type ExamPaper = z.infer<typeof examPaperSchema>;

export const gradingItemSchema = z.object({
  attempt_id: z.number().int(),
  question_id: z.number().int(),
  /** The exam, never the candidate (blind grading). */
  exam_name: z.string(),
  stem: z.string(),
  reference: z.string(),
  answer: z.string(),
  max_score: z.number(),
  submitted_at: iso,
});
export type GradingItem = z.infer<typeof gradingItemSchema>;
export const gradeBodySchema = z.object({
  attempt_id: recordIdSchema(m.attemptNotFound),
  question_id: recordIdSchema(m.questionNotFound),
  score: z.number({ error: m.gradeScoreInvalid(100) }).min(0),
  comment: z.string().trim().max(500).default(''),
});
export type GradeBody = z.input<typeof gradeBodySchema>;

export const adminCertificateSchema = certificateSchema.extend({ user_phone: z.string() });
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;
export const adminCertificatesQuerySchema = z.object({ keyword: z.string().trim().max(40).optional() });
export const revokeBodySchema = z.object({
  reason: z
    .string({ error: m.revokeReasonRequired })
    .trim()
    .min(1, { error: m.revokeReasonRequired })
    .max(REVOKE_REASON_MAX, { error: m.revokeReasonTooLong }),
});
export type RevokeBody = z.input<typeof revokeBodySchema>;
export const certificateIdParamsSchema = z.object({ id: recordIdSchema(m.certificateNotFound) });

export const sessionBodySchema = z
  .object({
    type_id: recordIdSchema(m.typeNotFound),
    paper_id: recordIdSchema(m.paperNotFound),
    title: trimmed(60, m.sessionTitleRequired, m.sessionTitleRequired),
    register_start: z.iso.datetime({ offset: true, error: m.windowInvalid }),
    register_end: z.iso.datetime({ offset: true, error: m.windowInvalid }),
    exam_start: z.iso.datetime({ offset: true, error: m.windowInvalid }),
    exam_end: z.iso.datetime({ offset: true, error: m.windowInvalid }),
    max_attempts: z.number({ error: m.maxAttemptsInvalid }).int().min(1, { error: m.maxAttemptsInvalid }).max(5, { error: m.maxAttemptsInvalid }),
    retake_after_pass: z.boolean().default(false),
    capacity: z.number({ error: m.capacityInvalid }).int().min(1, { error: m.capacityInvalid }).max(100_000, { error: m.capacityInvalid }).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const t = (x: string) => new Date(x).getTime();
    if (t(v.register_start) >= t(v.register_end) || t(v.exam_start) >= t(v.exam_end) || t(v.register_start) >= t(v.exam_end))
      ctx.addIssue({ code: 'custom', path: ['exam_end'], message: m.windowInvalid });
  });
export type SessionBody = z.input<typeof sessionBodySchema>;

export const adminSessionSchema = examSessionSchema.omit({ my_registration: true }).extend({
  type_id: z.number().int(),
  type_name: z.string(),
  paper_id: z.number().int(),
  paper_title: z.string(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Exam types and their notices (staff)

const intIn = (min: number, max: number, error: string) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

export const examTypeBodySchema = z
  .object({
    type_name: z
      .string({ error: m.typeNameInvalid })
      .trim()
      .min(2, { error: m.typeNameInvalid })
      .max(TYPE_NAME_MAX, { error: m.typeNameInvalid })
      .regex(TYPE_NAME_PATTERN, { error: m.typeNameInvalid }),
    name: trimmed(40, m.typeTitleRequired, m.typeTitleTooLong),
    level: trimmed(20, m.levelRequired, m.levelRequired),
    summary: trimmed(200, m.summaryRequired, m.summaryTooLong),
    notice: trimmed(NOTICE_MAX, m.noticeRequired, m.noticeTooLong),
    syllabus: z
      .array(z.string({ error: m.syllabusInvalid }).trim().min(1, { error: m.syllabusInvalid }).max(200, { error: m.syllabusInvalid }), {
        error: m.syllabusInvalid,
      })
      .min(1, { error: m.syllabusInvalid })
      .max(SYLLABUS_MAX, { error: m.syllabusInvalid }),
    fee_mode: z.enum(FEE_MODES, { error: m.feeModeInvalid }),
    /** Fen. */
    fee: intIn(0, 10_000_000, m.feeInvalid),
    full_score: intIn(1, 1000, m.fullScoreInvalid),
    pass_score: intIn(1, 1000, m.passScoreInvalid),
    validity_months: intIn(1, 120, m.validityInvalid),
    min_star: intIn(0, 5, m.minStarInvalid),
    min_finished_courses: intIn(0, 200, m.minCoursesInvalid),
    sort: intIn(0, 9999, m.sortInvalid).default(0),
    credit_category: z.enum(CREDIT_CATEGORIES, { error: m.creditsInvalid }).nullable().default(null),
    credits: intIn(1, CREDIT_GRANT_MAX, m.creditsInvalid).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if ((v.credit_category === null) !== (v.credits === null)) ctx.addIssue({ code: 'custom', path: ['credits'], message: m.creditsInvalid });
    if (v.fee_mode === 'free' && v.fee !== 0) ctx.addIssue({ code: 'custom', path: ['fee'], message: m.feeNotFree });
    if (v.fee_mode !== 'free' && v.fee <= 0) ctx.addIssue({ code: 'custom', path: ['fee'], message: m.feeInvalid });
    if (v.pass_score > v.full_score) ctx.addIssue({ code: 'custom', path: ['pass_score'], message: m.passScoreInvalid });
  });
export type ExamTypeBody = z.input<typeof examTypeBodySchema>;

export const adminExamTypeSchema = examTypeSchema.extend({
  notice: z.string(),
  syllabus: z.array(z.string()),
  sort: z.number().int(),
  updated_at: iso,
});
export type AdminExamType = z.infer<typeof adminExamTypeSchema>;
export const examTypeIdParamsSchema = z.object({ id: recordIdSchema(m.typeNotFound) });
