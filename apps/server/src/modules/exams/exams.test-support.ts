// Helpers of the exams API tests (not a test file itself): a small known bank, papers and sessions made straight
// in the database, JSON calls, and a second login session for an account.
import { expect } from 'vitest';
import type { ExamPaperRule, FeeMode } from '@app/contracts';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/test-users';
import { authRepository } from '../auth/auth.repository';
import { generateSessionToken, hashSessionToken } from '../auth/secrets';
import { examsPaperQuestions, examsPapers, examsQuestions, examsSessions, examsTypes } from './exams.table';
import type { Json } from '../../testing/json';


export interface Answer {
  status: number;
  code: number;
  message: string;
  data: Json;
}

/** JSON call; checks the HTTP status equals the envelope code. */
export async function api(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user?: { headers: { token: string } } | null,
  body?: unknown,
): Promise<Answer> {
  const res = await t.app.inject({
    method,
    url,
    headers: user ? user.headers : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const json = res.json() as { code: number; message: string; data: Json };
  expect(res.statusCode, res.body).toBe(json.code);
  return { status: res.statusCode, ...json };
}

/** A new login of the same account on another device: as login does, it ends the older session. */
export async function secondSession(t: TestApp, user: TestUser): Promise<TestUser> {
  const token = generateSessionToken();
  const now = t.clock.now();
  await authRepository.deleteUserSessions(t.db, user.id);
  await authRepository.insertSession(t.db, {
    userId: user.id,
    tokenHash: hashSessionToken(token),
    now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { ...user, token, headers: { token } };
}

let seq = 0;
const MIN = 60_000;

/** The known bank of every test exam: the correct answer of each question is in its `answer`. */
export const BANK = [
  { kind: 'single', stem: '流动比率等于流动资产除以（ ）。', options: ['流动负债', '总负债', '总资产', '所有者权益'], answer: [0], score: 10 },
  { kind: 'single', stem: '全面预算的起点是（ ）。', options: ['生产预算', '销售预算', '现金预算'], answer: [1], score: 10 },
  { kind: 'single', stem: '边际贡献等于销售收入减（ ）。', options: ['固定成本', '变动成本', '总成本', '税金'], answer: [1], score: 10 },
  { kind: 'multiple', stem: '下列属于变动成本的有（ ）。', options: ['直接材料', '计件工资', '厂房折旧', '包装费'], answer: [0, 1, 3], score: 12 },
  { kind: 'multiple', stem: '反映营运能力的指标有（ ）。', options: ['存货周转率', '应收账款周转率', '利息保障倍数'], answer: [0, 1], score: 18 },
  { kind: 'judge', stem: '沉没成本是决策相关成本。', options: [], answer: false, score: 10 },
  { kind: 'judge', stem: '保本时边际贡献等于固定成本。', options: [], answer: true, score: 10 },
  { kind: 'fill', stem: '边际贡献率与变动成本率之和等于____。', options: [], answer: ['1', '100%'], score: 10 },
  { kind: 'fill', stem: '资产负债率等于负债总额除以____总额。', options: [], answer: ['资产'], score: 10 },
] as const;
export const SHORT = { kind: 'short', stem: '简述管理会计与财务会计的区别。', options: [], answer: '服务对象、时态、约束依据不同。', score: 20 } as const;

export interface ExamFixture {
  typeId: number;
  typeName: string;
  paperId: number;
  sessionId: number;
  /** Question id by BANK index (and 'short'). */
  questionIds: number[];
  shortId: number | null;
}

/**
 * One exam type with the BANK (plus a short answer when asked), a paper and one session. Windows are minutes from
 * the clock's now: registration open, exam open, unless given.
 */
export async function makeExam(
  t: TestApp,
  opts: {
    feeMode?: FeeMode;
    fee?: number;
    minStar?: number;
    withShort?: boolean;
    mode?: 'fixed' | 'random';
    rules?: ExamPaperRule[];
    scoring?: 'partial' | 'all_or_nothing';
    maxLeaves?: number;
    duration?: number;
    maxAttempts?: number;
    retakeAfterPass?: boolean;
    passScore?: number;
    allowReview?: boolean;
    register?: [number, number];
    exam?: [number, number];
  } = {},
): Promise<ExamFixture> {
  const now = t.clock.now();
  const at = (min: number) => new Date(now.getTime() + min * MIN);
  const n = ++seq;
  const typeName = `test-exam-${process.pid}-${n}`;
  const [type] = await t.db
    .insert(examsTypes)
    .values({
      typeName,
      name: `测试考试${n}`,
      level: '初级',
      summary: '测试',
      notice: '测试公告',
      syllabus: ['成本管理'],
      feeMode: opts.feeMode ?? 'free',
      fee: opts.fee ?? 0,
      passScore: opts.passScore ?? 60,
      validityMonths: 24,
      minStar: opts.minStar ?? 0,
    })
    .returning();
  const bank = opts.withShort ? [...BANK, SHORT] : [...BANK];
  const questions = await t.db
    .insert(examsQuestions)
    .values(
      bank.map((q) => ({
        typeId: type!.id,
        kind: q.kind,
        knowledgePoint: '测试',
        difficulty: 1,
        stem: q.stem,
        options: [...q.options],
        answer: (Array.isArray(q.answer) ? [...q.answer] : q.answer) as number[] | boolean | string[] | string,
        score: q.score,
        createdAt: now,
      })),
    )
    .returning();
  const mode = opts.mode ?? 'fixed';
  const [paper] = await t.db
    .insert(examsPapers)
    .values({
      typeId: type!.id,
      title: `测试试卷${n}`,
      mode,
      durationMinutes: opts.duration ?? 60,
      multipleScoring: opts.scoring ?? 'partial',
      shuffleQuestions: true,
      shuffleOptions: true,
      allowReview: opts.allowReview ?? true,
      maxLeaves: opts.maxLeaves ?? 3,
      rules: opts.rules ?? [],
      createdAt: now,
    })
    .returning();
  if (mode === 'fixed')
    await t.db
      .insert(examsPaperQuestions)
      .values(questions.map((q, i) => ({ paperId: paper!.id, questionId: q.id, position: i + 1, score: q.score })));
  const reg = opts.register ?? [-60, 60 * 24];
  const exam = opts.exam ?? [-30, 60 * 24];
  const [session] = await t.db
    .insert(examsSessions)
    .values({
      typeId: type!.id,
      paperId: paper!.id,
      title: '测试场次',
      registerStart: at(reg[0]),
      registerEnd: at(reg[1]),
      examStart: at(exam[0]),
      examEnd: at(exam[1]),
      maxAttempts: opts.maxAttempts ?? 1,
      retakeAfterPass: opts.retakeAfterPass ?? false,
    })
    .returning();
  return {
    typeId: type!.id,
    typeName,
    paperId: paper!.id,
    sessionId: session!.id,
    questionIds: questions.slice(0, BANK.length).map((q) => q.id),
    shortId: opts.withShort ? questions[BANK.length]!.id : null,
  };
}

/** The correct answer to send for a BANK question id. */
export function rightAnswer(fx: ExamFixture, questionId: number): number[] | boolean | string {
  if (questionId === fx.shortId) return '管理会计服务内部管理者，财务会计服务外部使用者。';
  const q = BANK[fx.questionIds.indexOf(questionId)]!;
  if (q.kind === 'fill') return q.answer[0];
  return Array.isArray(q.answer) ? [...(q.answer as readonly number[])] : (q.answer as boolean);
}

/** Registers (free exam) and starts; answers the attempt. */
export async function registerAndStart(t: TestApp, user: TestUser, fx: ExamFixture): Promise<Json> {
  const reg = await api(t, 'POST', '/api/exam_registrations', user, { session_id: fx.sessionId });
  expect(reg.code, reg.message).toBe(200);
  const started = await api(t, 'POST', `/api/exam_registrations/${reg.data.id}/attempts`, user);
  expect(started.code, started.message).toBe(200);
  return started.data;
}
