import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examsMessages as m } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { examsQuestions } from './exams.table';
import { api, makeExam } from './exams.test-support';

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t, { staff: true });
});
afterAll(() => t.close());

function multipart(file: Buffer, name = 'questions.xlsx') {
  const boundary = '----examsImportBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function importFile(typeId: number, file: Buffer) {
  const body = multipart(file);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/exam_questions/import?type_id=${typeId}`,
    headers: { ...staff.headers, ...body.headers },
    payload: body.payload,
  });
  return res.json();
}

async function bankSize(typeId: number) {
  const [row] = await t.db.select({ n: count() }).from(examsQuestions).where(eq(examsQuestions.typeId, typeId));
  return row!.n;
}

async function template(): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/exam_questions/template', headers: staff.headers });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('Excel import', () => {
  it('imports every row of the downloadable template', async () => {
    const fx = await makeExam(t);
    const before = await bankSize(fx.typeId);
    const answer = await importFile(fx.typeId, await template());
    expect(answer).toMatchObject({ code: 200, data: { imported: 5 } });
    expect(await bankSize(fx.typeId)).toBe(before + 5);
    const list = await api(t, 'GET', `/api/admin/exam_questions?type_id=${fx.typeId}&kind=fill`, staff);
    expect(list.data.list.map((q: { answer: unknown }) => q.answer)).toContainEqual(['1', '100%']);
  });

  it('reports a bad row by row and column and imports nothing from that file', async () => {
    const fx = await makeExam(t);
    const before = await bankSize(fx.typeId);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await template()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    ws.getRow(3).getCell(6).value = 'Z'; // 多选题 answer not an option letter
    ws.getRow(5).getCell(1).value = '论述题'; // unknown kind
    const answer = await importFile(fx.typeId, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(answer).toMatchObject({ code: 400, message: m.importBadRows });
    expect(answer.data.rows).toEqual([
      { row: 3, column: '答案', message: m.answerRequired },
      { row: 5, column: '题型', message: m.kindInvalid },
    ]);
    expect(await bankSize(fx.typeId)).toBe(before);
  });

  it('refuses a file that is not a workbook, and callers who are not staff', async () => {
    const fx = await makeExam(t);
    expect(await importFile(fx.typeId, Buffer.from('not a spreadsheet'))).toMatchObject({ code: 400, message: m.importFileUnreadable });
    const learner = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/exam_questions/template', headers: learner.headers });
    expect(res.statusCode).toBe(403);
  });
});

describe('bank and papers', () => {
  it('validates a question by its kind and saves it', async () => {
    const fx = await makeExam(t);
    const bad = await api(t, 'POST', '/api/admin/exam_questions', staff, {
      type_id: fx.typeId,
      kind: 'single',
      knowledge_point: '预算管理',
      difficulty: 1,
      stem: '全面预算的起点是（ ）。',
      options: ['销售预算', '生产预算'],
      answer: [0, 1],
      score: 2,
    });
    expect(bad).toMatchObject({ code: 400, data: { fieldErrors: { answer: m.singleOneAnswer } } });
    const ok = await api(t, 'POST', '/api/admin/exam_questions', staff, {
      type_id: fx.typeId,
      kind: 'judge',
      knowledge_point: '预算管理',
      difficulty: 1,
      stem: '滚动预算能保持预算的连续性。',
      answer: true,
      score: 2,
    });
    expect(ok.data).toMatchObject({ kind: 'judge', answer: true, active: true });
    const off = await api(t, 'DELETE', `/api/admin/exam_questions/${ok.data.id}`, staff);
    expect(off.data.active).toBe(false);
  });

  it('makes a random paper only when the bank holds enough questions for every rule', async () => {
    const fx = await makeExam(t);
    const body = {
      type_id: fx.typeId,
      title: '随机试卷',
      mode: 'random',
      duration_minutes: 60,
      multiple_scoring: 'partial',
      max_leaves: 3,
      rules: [{ kind: 'single', count: 3, score: 10 }],
    };
    expect((await api(t, 'POST', '/api/admin/exam_papers', staff, body)).data).toMatchObject({ full_score: 30, question_count: 3 });
    const tooMany = await api(t, 'POST', '/api/admin/exam_papers', staff, { ...body, rules: [{ kind: 'single', count: 4, score: 10 }] });
    expect(tooMany.code).toBe(400);
    expect(tooMany.message).toContain('题库中符合条件的试题不足');
    const fixed = await api(t, 'POST', '/api/admin/exam_papers', staff, {
      ...body,
      mode: 'fixed',
      rules: [],
      questions: fx.questionIds.slice(0, 2).map((id) => ({ id })),
    });
    expect(fixed.data).toMatchObject({ mode: 'fixed', question_count: 2, full_score: 20 });
  });
});

describe('sessions', () => {
  it('staff open a session of a paper; its notice lists it; bad windows and a paper of another type are refused', async () => {
    const fx = await makeExam(t);
    const other = await makeExam(t);
    const at = (min: number) => new Date(t.clock.now().getTime() + min * 60_000).toISOString();
    const body = {
      type_id: fx.typeId,
      paper_id: fx.paperId,
      title: '2025年度第一期',
      register_start: at(0),
      register_end: at(60),
      exam_start: at(120),
      exam_end: at(240),
      max_attempts: 2,
      capacity: 300,
    };
    const made = await api(t, 'POST', '/api/admin/exam_sessions', staff, body);
    expect(made.data).toMatchObject({ title: '2025年度第一期', registration_open: true, paper_id: fx.paperId });
    const notice = await api(t, 'GET', `/api/exam_types/${fx.typeName}`);
    expect(notice.data.sessions.map((s: { id: number }) => s.id)).toContain(made.data.id);
    expect((await api(t, 'POST', '/api/admin/exam_sessions', staff, { ...body, exam_end: at(100) })).code).toBe(400);
    expect(await api(t, 'POST', '/api/admin/exam_sessions', staff, { ...body, paper_id: other.paperId })).toMatchObject({
      code: 400,
      message: m.paperOfOtherType,
    });
    const learner = await createUser(t);
    expect((await api(t, 'POST', '/api/admin/exam_sessions', learner, body)).code).toBe(403);
  });
});

describe('exam types and notices', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    type_name: 'tax-planning-practice',
    name: '税务筹划实务',
    level: '专项',
    summary: '面向企业税务岗位，考查增值税、企业所得税与个人所得税的筹划方法。',
    notice: '为提升企业税务管理水平，协会组织税务筹划实务能力评价考试。\n考试采用线上机考方式。',
    syllabus: ['增值税筹划（30%）', '企业所得税筹划（40%）', '个人所得税筹划（30%）'],
    fee_mode: 'paid',
    fee: 19_800,
    full_score: 100,
    pass_score: 60,
    validity_months: 36,
    min_star: 0,
    min_finished_courses: 0,
    sort: 10,
    ...over,
  });

  it('lets staff create a type whose notice page is then public, and edit its notice text', async () => {
    const created = await api(t, 'POST', '/api/admin/exam_types', staff, body());
    expect(created.code, created.message).toBe(200);
    const notice = await api(t, 'GET', '/api/exam_types/tax-planning-practice');
    expect(notice.data).toMatchObject({ name: '税务筹划实务', fee_mode: 'paid', fee: 19_800 });
    expect(notice.data.syllabus).toHaveLength(3);

    const edited = await api(t, 'PUT', `/api/admin/exam_types/${created.data.id}`, staff, body({ notice: '2027年起考试时长调整为90分钟。', pass_score: 70 }));
    expect(edited.data).toMatchObject({ notice: '2027年起考试时长调整为90分钟。', pass_score: 70 });
    expect((await api(t, 'GET', '/api/exam_types/tax-planning-practice')).data.notice).toBe('2027年起考试时长调整为90分钟。');
    expect((await api(t, 'GET', '/api/admin/exam_types', staff)).data.map((x: { id: number }) => x.id)).toContain(created.data.id);
  });

  it('refuses a taken or malformed URL key, fees that do not fit the fee mode and a pass mark above full marks, writing nothing', async () => {
    const before = (await api(t, 'GET', '/api/admin/exam_types', staff)).data.length as number;
    const taken = await api(t, 'POST', '/api/admin/exam_types', staff, body({ type_name: 'management-accountant-junior' }));
    expect(taken).toMatchObject({ code: 409, message: m.typeNameTaken });
    const cases: [Record<string, unknown>, string][] = [
      [{ type_name: 'Tax Planning' }, m.typeNameInvalid],
      [{ fee_mode: 'free', fee: 100 }, m.feeNotFree],
      [{ fee_mode: 'member_free', fee: 0 }, m.feeInvalid],
      [{ pass_score: 120 }, m.passScoreInvalid],
      [{ syllabus: [] }, m.syllabusInvalid],
      [{ notice: '' }, m.noticeRequired],
    ];
    for (const [over, message] of cases) {
      const res = await api(t, 'POST', '/api/admin/exam_types', staff, body({ type_name: 'bad-input-check', ...over }));
      expect(res.code, JSON.stringify(over)).toBe(400);
      expect(res.message).toBe(message);
    }
    expect((await api(t, 'GET', '/api/admin/exam_types', staff)).data).toHaveLength(before);
    expect((await api(t, 'PUT', '/api/admin/exam_types/999999', staff, body({ type_name: 'nowhere-type' }))).code).toBe(404);
  });

  it('keeps exam type editing to staff', async () => {
    const me = await createUser(t);
    expect((await api(t, 'POST', '/api/admin/exam_types', me, body({ type_name: 'not-staff-type' }))).code).toBe(403);
    expect((await api(t, 'GET', '/api/admin/exam_types', me)).code).toBe(403);
  });
});
