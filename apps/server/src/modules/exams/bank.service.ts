import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  OPTION_LETTERS,
  QUESTION_KIND_LABELS,
  examPaperBodySchema,
  sessionBodySchema,
  examTypeBodySchema,
  type AdminExamType,
  type AdminSession,
  examsMessages as m,
  questionBodySchema,
  questionListQuerySchema,
  type ExamPaper,
  type ImportError,
  type Question,
  type QuestionInput,
  type QuestionKind,
  type QuestionPage,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuditTrail, StaffActor } from '../audit';
import { AppError } from '../../lib/app-error';
import { cellText, readWorkbook } from '../../lib/workbook-guard';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../db/sql';
import { examsRepository as repo, type PaperRow, type QuestionRow } from './exams.repository';
import { ruleText, sessionPhase } from './exams.service';
import { loadExcelJS } from '../../lib/exceljs';

type TypeRow = NonNullable<Awaited<ReturnType<typeof repo.typeById>>>;

const toAdminType = (t: TypeRow): AdminExamType => ({
  id: t.id,
  type_name: t.typeName,
  name: t.name,
  level: t.level,
  summary: t.summary,
  fee_mode: t.feeMode,
  fee: t.fee,
  pass_score: t.passScore,
  full_score: t.fullScore,
  validity_months: t.validityMonths,
  min_star: t.minStar,
  min_finished_courses: t.minFinishedCourses,
  credit_category: t.creditCategory,
  credits: t.credits,
  notice: t.notice,
  syllabus: t.syllabus,
  sort: t.sort,
  updated_at: t.updatedAt.toISOString(),
});

const typeValues = (input: z.output<typeof examTypeBodySchema>, now: Date) => ({
  typeName: input.type_name,
  name: input.name,
  level: input.level,
  summary: input.summary,
  notice: input.notice,
  syllabus: input.syllabus,
  feeMode: input.fee_mode,
  fee: input.fee,
  passScore: input.pass_score,
  fullScore: input.full_score,
  validityMonths: input.validity_months,
  minStar: input.min_star,
  minFinishedCourses: input.min_finished_courses,
  creditCategory: input.credit_category,
  credits: input.credits,
  sort: input.sort,
  updatedAt: now,
});

/** A unique violation on the URL key becomes the field error staff can act on. */
async function uniqueTypeName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, m.typeNameTaken, { fieldErrors: { type_name: m.typeNameTaken } });
    throw err;
  }
}

export const toQuestion = (q: QuestionRow): Question => ({
  id: q.id,
  type_id: q.typeId,
  kind: q.kind,
  knowledge_point: q.knowledgePoint,
  difficulty: q.difficulty,
  stem: q.stem,
  options: q.options,
  answer: q.answer,
  score: q.score,
  analysis: q.analysis,
  active: q.active,
});

function toPaper(p: PaperRow, typeName: string, questions: { questionId: number; score: number }[]): ExamPaper {
  const fixed = p.mode === 'fixed';
  return {
    id: p.id,
    type_id: p.typeId,
    type_name: typeName,
    title: p.title,
    mode: p.mode,
    duration_minutes: p.durationMinutes,
    multiple_scoring: p.multipleScoring,
    shuffle_questions: p.shuffleQuestions,
    shuffle_options: p.shuffleOptions,
    allow_review: p.allowReview,
    max_leaves: p.maxLeaves,
    full_score: fixed
      ? questions.reduce((s, q) => s + q.score, 0)
      : p.rules.reduce((s, r) => s + r.count * r.score, 0),
    question_count: fixed ? questions.length : p.rules.reduce((s, r) => s + r.count, 0),
    rules: p.rules,
    question_ids: questions.map((q) => q.questionId),
    created_at: p.createdAt.toISOString(),
  };
}

const KIND_BY_LABEL = new Map<string, QuestionKind>(
  Object.entries(QUESTION_KIND_LABELS).flatMap(([kind, label]) => [
    [label, kind as QuestionKind],
    [label.replace('题', ''), kind as QuestionKind],
  ]),
);
const DIFFICULTY: Record<string, number> = { '1': 1, '2': 2, '3': 3, 易: 1, 中: 2, 难: 3, 简单: 1, 中等: 2, 困难: 3 };
const TRUE_WORDS = new Set(['对', '正确', '√', '是', 'T', 'TRUE']);
const FALSE_WORDS = new Set(['错', '错误', '×', '否', 'F', 'FALSE']);

/** One sheet row to the question body, or the column and message of what is wrong with it. */
function rowToBody(cells: Record<string, string>, typeId: number): { body?: QuestionInput; error?: { column: string; message: string } } {
  const header = (key: string) => IMPORT_COLUMNS.find((c) => c.key === key)!.header;
  const kind = KIND_BY_LABEL.get(cells.kind!.trim());
  if (!kind) return { error: { column: header('kind'), message: m.kindInvalid } };
  const options = cells.options!
    .split(/\r?\n/)
    .map((o) => o.replace(/^[A-H][.．、:：\s]\s*/, '').trim())
    .filter(Boolean);
  const raw = cells.answer!.trim();
  let answer: unknown;
  if (kind === 'single' || kind === 'multiple') {
    const letters = raw.toUpperCase().replace(/[\s,，、]/g, '');
    if (!/^[A-H]+$/.test(letters)) return { error: { column: header('answer'), message: m.answerRequired } };
    answer = [...letters].map((c) => OPTION_LETTERS.indexOf(c));
  } else if (kind === 'judge') {
    const w = raw.toUpperCase();
    if (TRUE_WORDS.has(w)) answer = true;
    else if (FALSE_WORDS.has(w)) answer = false;
    else return { error: { column: header('answer'), message: m.answerRequired } };
  } else if (kind === 'fill') {
    answer = raw.split(/[|｜]/).map((a) => a.trim()).filter(Boolean);
  } else {
    answer = raw;
  }
  const difficulty = DIFFICULTY[cells.difficulty!.trim()];
  const parsed = questionBodySchema.safeParse({
    type_id: typeId,
    kind,
    knowledge_point: cells.knowledge_point,
    difficulty: difficulty ?? cells.difficulty,
    stem: cells.stem,
    options: kind === 'single' || kind === 'multiple' ? options : [],
    answer,
    score: cells.score!.trim() === '' ? undefined : cells.score,
    analysis: cells.analysis,
  });
  if (parsed.success) return { body: parsed.data };
  const issue = parsed.error.issues[0]!;
  const key = String(issue.path[0] ?? 'stem');
  const column = IMPORT_COLUMNS.find((c) => c.key === key)?.header ?? header('stem');
  return { error: { column, message: issue.message } };
}

export function createBankService({ db, clock, audit }: { db: Db; clock: Clock; audit: AuditTrail }) {
  async function assertType(typeId: number) {
    if (!(await repo.typeById(db, typeId))) throw AppError.notFound(m.typeNotFound);
  }
  const values = (q: QuestionInput) => ({
    typeId: q.type_id,
    kind: q.kind,
    knowledgePoint: q.knowledge_point,
    difficulty: q.difficulty,
    stem: q.stem,
    options: q.options,
    answer: q.answer as QuestionRow['answer'],
    score: q.score,
    analysis: q.analysis,
  });

  return {
    async page(q: z.output<typeof questionListQuerySchema>): Promise<QuestionPage> {
      const { list, total } = await repo.questionPage(db, {
        typeId: q.type_id,
        kind: q.kind,
        keyword: q.keyword || undefined,
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
      });
      return { list: list.map(toQuestion), total, page: q.page, per_page: q.per_page };
    },

    async create(staff: StaffActor, q: QuestionInput): Promise<Question> {
      await assertType(q.type_id);
      return db.transaction(async (tx) => {
        const [row] = await repo.insertQuestions(tx, [{ ...values(q), active: true, createdAt: clock.now() }]);
        const after = toQuestion(row!);
        await audit.record(tx, staff, { action: 'exam_question.create', entity: 'exam_question', entityId: after.id, before: null, after });
        return after;
      });
    },

    async update(staff: StaffActor, id: number, q: QuestionInput): Promise<Question> {
      await assertType(q.type_id);
      return db.transaction(async (tx) => {
        const old = await repo.question(tx, id);
        const row = await repo.updateQuestion(tx, id, values(q));
        if (!old || !row) throw AppError.notFound(m.questionNotFound);
        const after = toQuestion(row);
        await audit.record(tx, staff, {
          action: 'exam_question.update',
          entity: 'exam_question',
          entityId: id,
          before: toQuestion(old),
          after,
        });
        return after;
      });
    },

    async deactivate(staff: StaffActor, id: number): Promise<Question> {
      return db.transaction(async (tx) => {
        const row = await repo.updateQuestion(tx, id, { active: false });
        if (!row) throw AppError.notFound(m.questionNotFound);
        await audit.record(tx, staff, {
          action: 'exam_question.deactivate',
          entity: 'exam_question',
          entityId: id,
          before: { active: true },
          after: { active: false },
        });
        return toQuestion(row);
      });
    },

    /** The import template: the header row and one example of each kind. */
    async template(): Promise<Buffer> {
      const ExcelJS = await loadExcelJS();
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('试题');
      ws.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.key === 'stem' ? 50 : 18 }));
      ws.addRow({
        kind: '单选题',
        knowledge_point: '财务报表分析',
        difficulty: '1',
        stem: '流动比率等于流动资产除以（ ）。',
        options: 'A. 流动负债\nB. 总负债\nC. 所有者权益\nD. 总资产',
        answer: 'A',
        score: 2,
        analysis: '流动比率 = 流动资产 / 流动负债。',
      });
      ws.addRow({
        kind: '多选题',
        knowledge_point: '成本管理',
        difficulty: '2',
        stem: '下列属于变动成本的有（ ）。',
        options: 'A. 直接材料\nB. 计件工资\nC. 厂房折旧\nD. 管理人员固定工资',
        answer: 'AB',
        score: 3,
        analysis: '直接材料和计件工资随产量变动。',
      });
      ws.addRow({ kind: '判断题', knowledge_point: '预算管理', difficulty: '1', stem: '零基预算以历史数据为基础编制。', options: '', answer: '错', score: 1, analysis: '零基预算不考虑以往水平。' });
      ws.addRow({ kind: '填空题', knowledge_point: '本量利分析', difficulty: '2', stem: '边际贡献率与变动成本率之和等于____。', options: '', answer: '1|100%', score: 2, analysis: '多个可接受答案用 | 分隔。' });
      ws.addRow({ kind: '简答题', knowledge_point: '管理会计概论', difficulty: '3', stem: '简述管理会计与财务会计的主要区别。', options: '', answer: '服务对象、信息时态、约束依据、报告形式等方面不同。', score: 10, analysis: '' });
      ws.getRow(1).font = { bold: true };
      ws.getColumn('options').alignment = { wrapText: true };
      return Buffer.from(await wb.xlsx.writeBuffer());
    },

    /** Imports every row or none: any bad row is reported by row number and column header. */
    async importFile(staff: StaffActor, typeId: number, file: Buffer): Promise<number> {
      await assertType(typeId);
      const [ws] = await readWorkbook(file, { unreadable: m.importFileUnreadable });
      if (!ws) throw AppError.badRequest(m.importFileUnreadable);
      const colOf = new Map<string, number>();
      for (const [col, value] of ws.cells(1)) {
        const col0 = IMPORT_COLUMNS.find((c) => c.header === cellText(value).trim());
        if (col0) colOf.set(col0.key, col);
      }
      const missing = IMPORT_COLUMNS.filter((c) => !colOf.has(c.key));
      if (missing.length)
        throw new AppError(400, m.importFileUnreadable, {
          rows: missing.map((c) => ({ row: 1, column: c.header, message: '缺少该列' })),
        });
      const bodies: QuestionInput[] = [];
      const errors: ImportError[] = [];
      for (let r = 2; r <= ws.rowCount; r++) {
        const cells: Record<string, string> = {};
        for (const c of IMPORT_COLUMNS) cells[c.key] = cellText(ws.value(r, colOf.get(c.key)!));
        if (Object.values(cells).every((v) => v.trim() === '')) continue;
        const { body, error } = rowToBody(cells, typeId);
        if (error) errors.push({ row: r, ...error });
        else bodies.push(body!);
      }
      if (errors.length) throw new AppError(400, m.importBadRows, { rows: errors.slice(0, 100) });
      if (bodies.length === 0) throw AppError.badRequest(m.importEmpty);
      if (bodies.length > IMPORT_MAX_ROWS) throw AppError.badRequest(m.importTooMany);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const rows = await repo.insertQuestions(tx, bodies.map((b) => ({ ...values(b), active: true, createdAt: now })));
        await audit.record(tx, staff, {
          action: 'exam_question.import',
          entity: 'exam_type',
          entityId: typeId,
          before: null,
          after: { imported: rows.length, question_ids: rows.map((r) => r.id) },
        });
      });
      return bodies.length;
    },

    async types(): Promise<AdminExamType[]> {
      return (await repo.types(db)).map(toAdminType);
    },

    async createType(staff: StaffActor, input: z.output<typeof examTypeBodySchema>): Promise<AdminExamType> {
      return uniqueTypeName(() =>
        db.transaction(async (tx) => {
          const after = toAdminType(await repo.insertType(tx, typeValues(input, clock.now())));
          await audit.record(tx, staff, { action: 'exam_type.create', entity: 'exam_type', entityId: after.id, before: null, after });
          return after;
        }),
      );
    },

    /** Edits the notice; a changed URL key moves the public page (the old address then answers 404). */
    async updateType(staff: StaffActor, id: number, input: z.output<typeof examTypeBodySchema>): Promise<AdminExamType> {
      return uniqueTypeName(() =>
        db.transaction(async (tx) => {
          const current = await repo.typeById(tx, id);
          if (!current) throw AppError.notFound(m.typeNotFound);
          const after = toAdminType((await repo.updateType(tx, id, typeValues(input, clock.now())))!);
          await audit.record(tx, staff, {
            action: 'exam_type.update',
            entity: 'exam_type',
            entityId: id,
            before: toAdminType(current),
            after,
          });
          return after;
        }),
      );
    },

    async sessions(): Promise<AdminSession[]> {
      const now = clock.now();
      const rows = await repo.allSessions(db);
      const counts = await repo.registeredCounts(db, rows.map((r) => r.session.id));
      return rows.map(({ session: s, type, paper }) => ({
        id: s.id,
        title: s.title,
        register_start: s.registerStart.toISOString(),
        register_end: s.registerEnd.toISOString(),
        exam_start: s.examStart.toISOString(),
        exam_end: s.examEnd.toISOString(),
        duration_minutes: paper.durationMinutes,
        max_leaves: paper.maxLeaves,
        max_attempts: s.maxAttempts,
        retake_after_pass: s.retakeAfterPass,
        capacity: s.capacity,
        registered_count: counts.get(s.id) ?? 0,
        phase: sessionPhase(s, now),
        registration_open: now >= s.registerStart && now < s.registerEnd,
        type_id: type.id,
        type_name: type.name,
        paper_id: paper.id,
        paper_title: paper.title,
      }));
    },

    async createSession(staff: StaffActor, input: z.output<typeof sessionBodySchema>): Promise<AdminSession> {
      if (!(await repo.typeById(db, input.type_id))) throw AppError.notFound(m.typeNotFound);
      const paper = await repo.paper(db, input.paper_id);
      if (!paper) throw AppError.notFound(m.paperNotFound);
      if (paper.typeId !== input.type_id) throw AppError.badRequest(m.paperOfOtherType, { paper_id: m.paperOfOtherType });
      const id = await db.transaction(async (tx) => {
        const sessionId = await repo.insertSession(tx, {
          typeId: input.type_id,
          paperId: input.paper_id,
          title: input.title,
          registerStart: new Date(input.register_start),
          registerEnd: new Date(input.register_end),
          examStart: new Date(input.exam_start),
          examEnd: new Date(input.exam_end),
          maxAttempts: input.max_attempts,
          retakeAfterPass: input.retake_after_pass,
          capacity: input.capacity,
        });
        await audit.record(tx, staff, {
          action: 'exam_session.create',
          entity: 'exam_session',
          entityId: sessionId,
          before: null,
          after: input,
        });
        return sessionId;
      });
      return (await this.sessions()).find((s) => s.id === id)!;
    },

    async papers(): Promise<ExamPaper[]> {
      const [rows, links] = await Promise.all([repo.papers(db), repo.allPaperQuestions(db)]);
      return rows.map((r) =>
        toPaper(
          r.paper,
          r.typeName,
          links.filter((l) => l.paperId === r.paper.id).sort((a, b) => a.position - b.position),
        ),
      );
    },

    async createPaper(staff: StaffActor, input: z.output<typeof examPaperBodySchema>): Promise<ExamPaper> {
      const type = await repo.typeById(db, input.type_id);
      if (!type) throw AppError.notFound(m.typeNotFound);
      let links: { questionId: number; score: number }[] = [];
      if (input.mode === 'fixed') {
        const found = new Map((await repo.questionsByIds(db, input.questions.map((q) => q.id))).map((q) => [q.id, q]));
        for (const q of input.questions) {
          const row = found.get(q.id);
          if (!row || row.typeId !== type.id || !row.active)
            throw AppError.badRequest(m.questionNotFound, { questions: m.questionNotFound });
        }
        links = input.questions.map((q) => ({ questionId: q.id, score: q.score ?? found.get(q.id)!.score }));
      } else {
        for (const rule of input.rules) {
          const n = (await repo.ruleCandidates(db, type.id, rule)).length;
          if (n < rule.count)
            throw AppError.badRequest(m.notEnoughQuestions(ruleText({ ...rule, kind: QUESTION_KIND_LABELS[rule.kind] })), {
              rules: m.notEnoughQuestions(ruleText({ ...rule, kind: QUESTION_KIND_LABELS[rule.kind] })),
            });
        }
      }
      const paper = await db.transaction(async (tx) => {
        const p = await repo.insertPaper(tx, {
          typeId: type.id,
          title: input.title,
          mode: input.mode,
          durationMinutes: input.duration_minutes,
          multipleScoring: input.multiple_scoring,
          shuffleQuestions: input.shuffle_questions,
          shuffleOptions: input.shuffle_options,
          allowReview: input.allow_review,
          maxLeaves: input.max_leaves,
          rules: input.mode === 'random' ? input.rules : [],
          createdAt: clock.now(),
        });
        await repo.insertPaperQuestions(
          tx,
          links.map((l, i) => ({ paperId: p.id, questionId: l.questionId, position: i + 1, score: l.score })),
        );
        await audit.record(tx, staff, { action: 'exam_paper.create', entity: 'exam_paper', entityId: p.id, before: null, after: input });
        return p;
      });
      return toPaper(paper, type.name, links);
    },
  };
}
export type BankService = ReturnType<typeof createBankService>;
