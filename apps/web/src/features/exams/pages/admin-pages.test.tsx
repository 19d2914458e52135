import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render-screen';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import AdminGradingPage from './admin-grading-page';
import AdminQuestionsPage from './admin-questions-page';

vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't', user: makeUser() };
const types = [{ id: 1, type_name: 'management-accountant-junior', name: '管理会计师（初级）', level: '初级', summary: '', fee_mode: 'free', fee: 0, pass_score: 60, full_score: 100, validity_months: 36, min_star: 0, min_finished_courses: 0 }];

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
