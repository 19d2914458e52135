import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render-screen';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import AdminGradingPage from './admin-grading-page';
import AdminQuestionsPage from './admin-questions-page';
import AdminTypesPage from './admin-types-page';

vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't', user: makeUser() };
const types = [{ id: 1, type_name: 'management-accountant-junior', name: '管理会计师（初级）', level: '初级', summary: '', fee_mode: 'free', fee: 0, pass_score: 60, full_score: 100, validity_months: 36, min_star: 0, min_finished_courses: 0, credit_category: null, credits: null }];

describe('question bank', () => {
  it('lists the bank and reports a refused import by row and column', async () => {
    mockApi({
      'GET /api/exam_types': ok(types),
      'GET /api/admin/exam_questions': ok({
        list: [{ id: 3, type_id: 1, kind: 'multiple', knowledge_point: '成本管理', difficulty: 2, stem: '下列属于变动成本的有（ ）。', options: ['直接材料', '计件工资', '厂房折旧'], answer: [0, 1], score: 5, analysis: '', active: true }],
        total: 1,
        page: 1,
        per_page: 20,
      }),
      'POST /api/admin/exam_questions/import': {
        code: 400,
        message: '导入失败：文件中有错误的行，未导入任何试题',
        data: { rows: [{ row: 3, column: '答案', message: '请设置正确答案' }] },
      },
    });
    const { container } = renderScreen('/admin/exam-questions', <AdminQuestionsPage />, '/admin/exam-questions', { session });
    expect(await screen.findByText('下列属于变动成本的有（ ）。')).toBeInTheDocument();
    expect(screen.getByText('AB')).toBeInTheDocument();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'bank.xlsx')] } });
    expect(await screen.findByText('第3行「答案」：请设置正确答案')).toBeInTheDocument();
  });
});

describe('grading queue', () => {
  it('shows the answer without the candidate and sends the grade', async () => {
    const { calls } = mockApi({
      'GET /api/admin/exam_grading': ok([
        { attempt_id: 8, question_id: 4, exam_name: '管理会计师（中级）', stem: '简述内部控制五要素。', reference: '内部环境……', answer: '内部环境、风险评估、控制活动、信息与沟通、内部监督。', max_score: 15, submitted_at: '2026-11-25T02:00:00.000Z' },
      ]),
      'POST /api/admin/exam_grading': ok({ remaining: 0 }),
    });
    renderScreen('/admin/exam-grading', <AdminGradingPage />, '/admin/exam-grading', { session });
    expect(await screen.findByText('内部环境、风险评估、控制活动、信息与沟通、内部监督。')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('得分'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: '提交评分' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ attempt_id: 8, question_id: 4, score: 12, comment: '' }));
  });
});

describe('exam types and notices', () => {
  const adminType = {
    ...types[0],
    summary: '面向企业基层财务人员。',
    fee_mode: 'member_free',
    fee: 29_900,
    notice: '协会组织管理会计师（初级）能力评价考试。',
    syllabus: ['管理会计概述（10%）', '成本管理（30%）'],
    sort: 1,
    updated_at: '2026-11-20T02:00:00.000Z',
  };

  it('edits a notice and sends the fee in fen and the syllabus line by line', async () => {
    const { calls } = mockApi({
      'GET /api/admin/exam_types': ok([adminType]),
      'PUT /api/admin/exam_types/1': ok(adminType),
    });
    renderScreen('/admin/exam-types', <AdminTypesPage />, '/admin/exam-types', { session });
    expect(await screen.findByText('会员免费（非会员299元）')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    const notice = await screen.findByLabelText('考试公告（每行一段）');
    fireEvent.change(notice, { target: { value: '2027年起考试时长调整为90分钟。' } });
    fireEvent.change(screen.getByLabelText(/考试大纲/), { target: { value: '管理会计概述（10%）\n\n  成本管理（30%）  \n预算管理（20%）' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      notice: '2027年起考试时长调整为90分钟。',
      syllabus: ['管理会计概述（10%）', '成本管理（30%）', '预算管理（20%）'],
      fee_mode: 'member_free',
      fee: 29_900,
    }));
  });

  it('shows a fee error in the form when a paid exam has no fee, sending nothing', async () => {
    const { calls } = mockApi({ 'GET /api/admin/exam_types': ok([adminType]) });
    renderScreen('/admin/exam-types', <AdminTypesPage />, '/admin/exam-types', { session });
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }));
    const fee = await screen.findByLabelText('非会员报名费（元）');
    fireEvent.change(fee, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('收费或会员免费的考试须填写大于0的报名费（最多10万元）')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
