import { and, eq } from 'drizzle-orm';
import { OPTION_LETTERS, type ExamPaperRule, type FeeMode } from '@app/contracts';
import type { SeedModule } from '../../../db/seed/index';
import type { Tx } from '../../../db/client';
import { authRepository } from '../../auth/auth.repository';
import { addMonths, chinaYear } from '../exams.dates';
import { gradeObjective, round1 } from '../exams.scoring';
import {
  examsAnswers,
  examsAttempts,
  examsCertificates,
  examsPapers,
  examsQuestions,
  examsRegistrations,
  examsSessions,
  examsTypes,
  type AttemptItem,
} from '../exams.table';
import { INTELLIGENT, INTERMEDIATE, JUNIOR, SHARED, calculationQuestions, type SeedQuestion } from './questions.data';

const DAY = 86_400_000;
const MEMBER_PHONE = '13800138001';
/** The demo learner of the talent seed (a star application waits for review); here an exam waits for grading. */
const LEARNER_PHONE = '13800138000';

interface TypeSeed {
  typeName: string;
  name: string;
  level: string;
  summary: string;
  notice: string;
  syllabus: string[];
  feeMode: FeeMode;
  fee: number;
  passScore: number;
  validityMonths: number;
  minStar: number;
  minFinishedCourses: number;
  /** Continuing-education credits a pass grants (tenths, 专业科目); absent: none. */
  credits?: number;
  questions: SeedQuestion[];
  paper: { title: string; duration: number; maxLeaves: number; scoring: 'partial' | 'all_or_nothing'; rules: ExamPaperRule[] };
}

const rule = (kind: ExamPaperRule['kind'], count: number, score: number): ExamPaperRule => ({
  kind,
  count,
  score,
  knowledge_point: null,
  difficulty: null,
});

function types(): TypeSeed[] {
  const calc = calculationQuestions();
  return [
    {
      typeName: 'management-accountant-junior',
      name: '管理会计师（初级）',
      level: '初级',
      summary: '面向企业基层财务人员，考查管理会计基本理论、成本管理、预算管理、本量利分析与财务报表分析。',
      notice:
        '为推进管理会计人才队伍建设，协会组织管理会计师（初级）能力评价考试。考试采用线上机考方式，考生在考试时间内自行登录平台作答。\n考试时间60分钟，满分100分，60分及以上为合格，合格者颁发管理会计师（初级）证书，证书有效期三年。\n考试期间请保持网络畅通，答案实时自动保存；离开考试页面（切换到其他应用或窗口）超过15秒计为离开一次，累计3次系统将自动交卷。',
      syllabus: ['管理会计概论（10%）', '成本管理（25%）', '本量利分析（20%）', '预算管理（20%）', '财务报表分析（15%）', '营运资金管理与短期经营决策（10%）'],
      feeMode: 'free',
      fee: 0,
      passScore: 60,
      validityMonths: 36,
      minStar: 0,
      minFinishedCourses: 0,
      credits: 100,
      questions: [...JUNIOR, ...calc.junior],
      paper: {
        title: '管理会计师（初级）能力评价试卷',
        duration: 60,
        maxLeaves: 3,
        scoring: 'partial',
        rules: [rule('single', 15, 3), rule('multiple', 5, 5), rule('judge', 10, 2), rule('fill', 2, 5)],
      },
    },
    {
      typeName: 'management-accountant-intermediate',
      name: '管理会计师（中级）',
      level: '中级',
      summary: '面向企业中层财务管理人员，考查投资与筹资决策、风险管理、战略管理与绩效管理。',
      notice:
        '管理会计师（中级）能力评价考试面向具有一定管理会计实践经验的财务人员，报考须达到一星及以上星级评价。\n考试时间120分钟，满分100分，60分及以上为合格；简答题由阅卷老师评分，全部评阅完成后发布成绩。\n考试费680元，缴费后报名成功。',
      syllabus: ['货币时间价值（10%）', '投资决策（25%）', '筹资管理（20%）', '风险管理与内部控制（15%）', '战略管理（15%）', '绩效管理（15%）'],
      feeMode: 'paid',
      fee: 68000,
      passScore: 60,
      validityMonths: 36,
      minStar: 1,
      minFinishedCourses: 0,
      questions: [...INTERMEDIATE, ...calc.intermediate],
      paper: {
        title: '管理会计师（中级）能力评价试卷',
        duration: 120,
        maxLeaves: 3,
        scoring: 'partial',
        rules: [rule('single', 15, 2), rule('multiple', 5, 4), rule('judge', 5, 2), rule('fill', 2, 5), rule('short', 2, 15)],
      },
    },
    {
      typeName: 'shared-services',
      name: '财务共享服务',
      level: '专项',
      summary: '考查财务共享服务中心的规划建设、流程管理、运营管理与信息系统。',
      notice:
        '财务共享服务专项能力考试面向共享中心从业人员及财务转型项目人员。会员免费报名，非会员考试费299元。\n考试时间90分钟，满分100分，60分及以上为合格。',
      syllabus: ['共享服务概述（25%）', '流程管理（25%）', '运营管理（25%）', '信息系统（25%）'],
      feeMode: 'member_free',
      fee: 29900,
      passScore: 60,
      validityMonths: 24,
      minStar: 0,
      minFinishedCourses: 0,
      questions: SHARED,
      paper: {
        title: '财务共享服务专项能力试卷',
        duration: 90,
        maxLeaves: 3,
        scoring: 'all_or_nothing',
        rules: [rule('single', 10, 4), rule('multiple', 5, 6), rule('judge', 5, 3), rule('fill', 2, 5), rule('short', 1, 5)],
      },
    },
    {
      typeName: 'intelligent-finance',
      name: '智能财务',
      level: '专项',
      summary: '考查RPA、OCR、数电发票、数据分析与业财融合等智能财务知识与应用。',
      notice:
        '智能财务专项能力考试帮助财务人员系统掌握数字化、智能化工具。报考须完成平台至少1门课程的学习。会员免费报名，非会员考试费399元。\n考试时间90分钟，满分100分，60分及以上为合格。',
      syllabus: ['智能技术基础（35%）', '数据分析（25%）', '数电发票（20%）', '业财融合（20%）'],
      feeMode: 'member_free',
      fee: 39900,
      passScore: 60,
      validityMonths: 24,
      minStar: 0,
      minFinishedCourses: 1,
      questions: INTELLIGENT,
      paper: {
        title: '智能财务专项能力试卷',
        duration: 90,
        maxLeaves: 3,
        scoring: 'all_or_nothing',
        rules: [rule('single', 10, 4), rule('multiple', 5, 6), rule('judge', 5, 3), rule('fill', 2, 5), rule('short', 1, 5)],
      },
    },
  ];
}

function answerOf(q: SeedQuestion): number[] | boolean | string[] | string {
  const [kind, , , , , answer] = q;
  if (kind === 'single' || kind === 'multiple') return [...answer].map((c) => OPTION_LETTERS.indexOf(c));
  if (kind === 'judge') return answer === 'T';
  if (kind === 'fill') return answer.split('|');
  return answer;
}

async function upsertType(tx: Tx, t: TypeSeed, sort: number, now: Date): Promise<number> {
  const values = {
    typeName: t.typeName,
    name: t.name,
    level: t.level,
    summary: t.summary,
    notice: t.notice,
    syllabus: t.syllabus,
    feeMode: t.feeMode,
    fee: t.fee,
    passScore: t.passScore,
    fullScore: 100,
    validityMonths: t.validityMonths,
    minStar: t.minStar,
    minFinishedCourses: t.minFinishedCourses,
    creditCategory: t.credits ? ('professional' as const) : null,
    credits: t.credits ?? null,
    sort,
    updatedAt: now,
  };
  const [row] = await tx
    .insert(examsTypes)
    .values(values)
    .onConflictDoUpdate({ target: examsTypes.typeName, set: values })
    .returning({ id: examsTypes.id });
  return row!.id;
}

async function upsertSession(
  tx: Tx,
  v: Omit<typeof examsSessions.$inferInsert, 'seedKey'> & { seedKey: string },
): Promise<number> {
  const [found] = await tx.select({ id: examsSessions.id }).from(examsSessions).where(eq(examsSessions.seedKey, v.seedKey));
  if (found) return found.id;
  const [row] = await tx.insert(examsSessions).values(v).returning({ id: examsSessions.id });
  return row!.id;
}

/**
 * Four exam types with notices, a bank of 190 finance questions, one random paper per type, one session open now
 * (管理会计师（初级）), upcoming sessions of the others, and a past session in which the member demo account passed
 * and holds a certificate. Idempotent: rows are keyed by type name and seed keys.
 */
/**
 * A graded (or, with short answers, submitted and waiting for grading) attempt of a past session, its paper made as
 * the random draw would make it: the first questions of each kind. `wrong` lists item positions answered wrongly.
 * Answers null when the registration already has an attempt (idempotent).
 */
async function seedAttempt(
  tx: Tx,
  v: {
    sessionId: number;
    userId: number;
    typeId: number;
    rules: ExamPaperRule[];
    startedAt: Date;
    minutes: number;
    wrong: number[];
    shortAnswers: string[];
  },
): Promise<number | null> {
  await tx
    .insert(examsRegistrations)
    .values({ sessionId: v.sessionId, userId: v.userId, state: 'registered', orderNo: null, createdAt: new Date(v.startedAt.getTime() - 20 * DAY) })
    .onConflictDoNothing();
  const [reg] = await tx
    .select()
    .from(examsRegistrations)
    .where(and(eq(examsRegistrations.sessionId, v.sessionId), eq(examsRegistrations.userId, v.userId)));
  const [existing] = await tx.select({ id: examsAttempts.id }).from(examsAttempts).where(eq(examsAttempts.registrationId, reg!.id));
  if (existing) return null;
  const bank = await tx.select().from(examsQuestions).where(eq(examsQuestions.typeId, v.typeId));
  const items: AttemptItem[] = [];
  for (const r of v.rules) {
    for (const q of bank.filter((b) => b.kind === r.kind).slice(0, r.count)) items.push({ q: q.id, s: r.score, o: q.options.map((_, i) => i) });
  }
  const byId = new Map(bank.map((q) => [q.id, q]));
  const wrong = new Set(v.wrong.map((i) => items[i]!.q));
  const submitted = new Date(v.startedAt.getTime() + v.minutes * 60_000);
  let shortIndex = 0;
  const rows = items.map((item) => {
    const q = byId.get(item.q)!;
    let answer: number[] | boolean | string;
    if (q.kind === 'short') answer = v.shortAnswers[shortIndex++] ?? '';
    else if (q.kind === 'judge') answer = wrong.has(q.id) ? !(q.answer as boolean) : (q.answer as boolean);
    else if (q.kind === 'fill') answer = wrong.has(q.id) ? '0.5' : (q.answer as string[])[0]!;
    else {
      const right = q.answer as number[];
      answer = wrong.has(q.id) ? [q.options.findIndex((_, i) => !right.includes(i))] : right;
    }
    const earned = gradeObjective(q, answer, item.s, 'partial');
    return { questionId: q.id, answer, earned, needsGrading: earned === null };
  });
  const pending = rows.filter((r) => r.needsGrading).length;
  const score = round1(rows.reduce((n, r) => n + (r.earned ?? 0), 0));
  const [attempt] = await tx
    .insert(examsAttempts)
    .values({
      registrationId: reg!.id,
      userId: v.userId,
      seq: 1,
      state: pending ? 'submitted' : 'graded',
      authSessionId: 0,
      items,
      questionIds: items.map((i) => i.q),
      startedAt: v.startedAt,
      deadline: new Date(v.startedAt.getTime() + 120 * 60_000),
      submittedAt: submitted,
      submitReason: 'manual',
      score: pending ? null : score,
      passed: pending ? null : score >= 60,
      pendingGrading: pending,
      gradedAt: pending ? null : submitted,
    })
    .returning({ id: examsAttempts.id });
  await tx.insert(examsAnswers).values(
    rows.map((r) => ({
      attemptId: attempt!.id,
      questionId: r.questionId,
      answer: { v: r.answer },
      flagged: false,
      updatedAt: submitted,
      earned: r.earned,
      needsGrading: r.needsGrading,
    })),
  );
  return attempt!.id;
}

export const examsSeed: SeedModule = {
  name: 'exams',
  demo: true,
  async run(tx, { clock }) {
    const now = clock.now();
    const t0 = now.getTime();
    const year = chinaYear(now);
    const ids: Record<string, { typeId: number; paperId: number }> = {};
    let sort = 0;
    for (const t of types()) {
      const typeId = await upsertType(tx, t, ++sort, now);
      for (const [i, q] of t.questions.entries()) {
        const [kind, kp, difficulty, stem, options, , analysis] = q;
        const score = t.paper.rules.find((r) => r.kind === kind)?.score ?? 2;
        await tx
          .insert(examsQuestions)
          .values({
            typeId,
            kind,
            knowledgePoint: kp,
            difficulty,
            stem,
            options,
            answer: answerOf(q),
            score,
            analysis,
            active: true,
            seedKey: `${t.typeName}:${i + 1}`,
            createdAt: now,
          })
          .onConflictDoNothing();
      }
      const paperKey = `${t.typeName}:paper`;
      let [paper] = await tx.select({ id: examsPapers.id }).from(examsPapers).where(eq(examsPapers.seedKey, paperKey));
      if (!paper) {
        [paper] = await tx
          .insert(examsPapers)
          .values({
            typeId,
            title: t.paper.title,
            mode: 'random',
            durationMinutes: t.paper.duration,
            multipleScoring: t.paper.scoring,
            shuffleQuestions: true,
            shuffleOptions: true,
            allowReview: true,
            maxLeaves: t.paper.maxLeaves,
            rules: t.paper.rules,
            seedKey: paperKey,
            createdAt: now,
          })
          .returning({ id: examsPapers.id });
      }
      ids[t.typeName] = { typeId, paperId: paper!.id };
    }

    const junior = ids['management-accountant-junior']!;
    await upsertSession(tx, {
      seedKey: 'junior:open',
      typeId: junior.typeId,
      paperId: junior.paperId,
      title: `${year}年度第四期`,
      registerStart: new Date(t0 - 20 * DAY),
      registerEnd: new Date(t0 + 40 * DAY),
      examStart: new Date(t0 - DAY),
      examEnd: new Date(t0 + 45 * DAY),
      maxAttempts: 2,
      capacity: null,
    });
    const pastId = await upsertSession(tx, {
      seedKey: 'junior:past',
      typeId: junior.typeId,
      paperId: junior.paperId,
      title: `${year}年度第二期`,
      registerStart: new Date(t0 - 120 * DAY),
      registerEnd: new Date(t0 - 95 * DAY),
      examStart: new Date(t0 - 90 * DAY),
      examEnd: new Date(t0 - 89 * DAY),
      maxAttempts: 1,
      capacity: null,
    });
    const later = (typeName: string, key: string, title: string, regFrom: number, regTo: number, examAt: number, hours: number) => {
      const s = ids[typeName]!;
      return upsertSession(tx, {
        seedKey: key,
        typeId: s.typeId,
        paperId: s.paperId,
        title,
        registerStart: new Date(t0 + regFrom * DAY),
        registerEnd: new Date(t0 + regTo * DAY),
        examStart: new Date(t0 + examAt * DAY),
        examEnd: new Date(t0 + examAt * DAY + hours * 3_600_000),
        maxAttempts: 1,
        capacity: 500,
      });
    };
    await later('management-accountant-intermediate', 'intermediate:next', `${year}年度第二期`, -10, 20, 30, 4);
    await later('shared-services', 'shared:next', `${year}年度专项考试`, -5, 25, 35, 4);
    await later('intelligent-finance', 'intelligent:next', `${year}年度专项考试`, 5, 25, 40, 4);

    // The member demo account passed the past session and holds a certificate.
    const member = await authRepository.findUserByPhone(tx, MEMBER_PHONE);
    if (member) {
      const attemptId = await seedAttempt(tx, {
        sessionId: pastId,
        userId: member.id,
        typeId: junior.typeId,
        rules: types()[0]!.paper.rules,
        startedAt: new Date(t0 - 90 * DAY + 30 * 60_000),
        minutes: 48,
        wrong: [2, 9, 16, 21, 30],
        shortAnswers: [],
      });
      if (attemptId) {
        const [row] = await tx.select().from(examsAttempts).where(eq(examsAttempts.id, attemptId));
        await tx
          .insert(examsCertificates)
          .values({
            number: `ZC${chinaYear(row!.submittedAt!)}0${junior.typeId}360127`,
            userId: member.id,
            attemptId,
            typeId: junior.typeId,
            holderName: '刘会员',
            examName: '管理会计师（初级）',
            level: '初级',
            score: row!.score!,
            issuedAt: row!.submittedAt!,
            validUntil: addMonths(row!.submittedAt!, 36),
          })
          .onConflictDoNothing();
      }
    }

    // A learner sat last term's intermediate exam; its two short answers wait in the blind grading queue.
    const intermediate = ids['management-accountant-intermediate']!;
    const pastIntermediate = await upsertSession(tx, {
      seedKey: 'intermediate:past',
      typeId: intermediate.typeId,
      paperId: intermediate.paperId,
      title: `${year}年度第一期`,
      registerStart: new Date(t0 - 60 * DAY),
      registerEnd: new Date(t0 - 20 * DAY),
      examStart: new Date(t0 - 12 * DAY),
      examEnd: new Date(t0 - 12 * DAY + 4 * 3_600_000),
      maxAttempts: 1,
      capacity: 500,
    });
    const learner = await authRepository.findUserByPhone(tx, LEARNER_PHONE);
    if (learner) {
      await seedAttempt(tx, {
        sessionId: pastIntermediate,
        userId: learner.id,
        typeId: intermediate.typeId,
        rules: types()[1]!.paper.rules,
        startedAt: new Date(t0 - 12 * DAY + 20 * 60_000),
        minutes: 95,
        wrong: [1, 7, 15, 22],
        shortAnswers: [
          '内部控制包括五个要素：一是内部环境，如治理结构、机构设置与权责分配、企业文化；二是风险评估，及时识别和分析经营中的风险；三是控制活动，如不相容职务分离、授权审批、预算控制；四是信息与沟通；五是内部监督，包括日常监督和专项监督。',
          '净现值法考虑了货币时间价值和项目全部现金流量，与股东财富最大化目标一致，但它是绝对数，不便于比较投资规模不同的项目；内含报酬率法反映项目本身的收益率，便于理解，但计算复杂，互斥项目时可能与净现值法结论不一致。',
        ],
      });
    }
  },
};
