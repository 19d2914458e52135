import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Attempt, ExamNotice } from '@app/contracts';
import { renderScreen } from '@/testing/render-screen';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import CertificateCheckPage from './certificate-check-page';
import ExamNoticePage from './exam-notice-page';
import ExamPage from './exam-page';

vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't', user: makeUser() };

const notice: ExamNotice = {
  id: 1,
  type_name: 'management-accountant-junior',
  name: '管理会计师（初级）',
  level: '初级',
  summary: '面向企业基层财务人员。',
  fee_mode: 'free',
  fee: 0,
  pass_score: 60,
  full_score: 100,
  validity_months: 36,
  min_star: 0,
  min_finished_courses: 0,
  notice: '考试采用线上机考方式。',
  syllabus: ['成本管理（25%）'],
  eligibility: ['个人账号均可报名'],
  sessions: [
    {
      id: 7,
      title: '2026年度第四期',
      register_start: '2026-11-01T00:00:00.000Z',
      register_end: '2026-12-31T00:00:00.000Z',
      exam_start: '2026-11-20T00:00:00.000Z',
      exam_end: '2027-01-05T00:00:00.000Z',
      duration_minutes: 60,
      max_attempts: 2,
      capacity: null,
      registered_count: 3,
      phase: 'exam_open',
      registration_open: true,
      my_registration: null,
    },
  ],
};

function attempt(over: Partial<Attempt> = {}): Attempt {
  return {
    id: 5,
    registration_id: 9,
    state: 'in_progress',
    type_name: 'management-accountant-junior',
    exam_name: '管理会计师（初级）',
    paper_title: '能力评价试卷',
    started_at: '2026-11-25T02:00:00.000Z',
    deadline: '2026-11-25T03:00:00.000Z',
    server_now: '2026-11-25T02:30:00.000Z',
    submitted_at: null,
    submit_reason: null,
    leave_count: 1,
    max_leaves: 3,
    full_score: 5,
    pass_score: 3,
    questions: [
      { id: 11, kind: 'single', stem: '全面预算的起点是（ ）。', score: 3, options: [{ key: 1, text: '销售预算' }, { key: 0, text: '生产预算' }], answer: [1], flagged: false },
      { id: 12, kind: 'judge', stem: '沉没成本是决策相关成本。', score: 2, options: [], answer: null, flagged: true },
    ],
    score: null,
    passed: null,
    pending_grading: 0,
    review: null,
    certificate_number: null,
    ...over,
  };
}

describe('exam notice', () => {
  it('registers for a free exam and goes to the online exams of the centre', async () => {
    const { calls } = mockApi({
      'GET /api/exam_types/management-accountant-junior': ok(notice),
      'POST /api/exam_registrations': ok({}),
    });
    const { router } = renderScreen('/examNotice/:typeName', <ExamNoticePage />, '/examNotice/management-accountant-junior', { session });
    fireEvent.click(await screen.findByRole('button', { name: '立即报名' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/center/examination'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ session_id: 7 });
  });

  it('shows the not-found page for an unknown exam type', async () => {
    mockApi({ 'GET /api/exam_types/nope': { code: 404, message: '考试项目不存在', data: null } });
    renderScreen('/examNotice/:typeName', <ExamNoticePage />, '/examNotice/nope', { session });
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
  });
});

describe('exam paper', () => {
  it('shows the questions with saved answers, the navigator marks, the leave count and the time left from the server clock', async () => {
    mockApi({ 'GET /api/exam_attempts/5': ok(attempt()) });
    renderScreen('/exam/:attemptId', <ExamPage />, '/exam/5', { session });
    expect(await screen.findByText('全面预算的起点是（ ）。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '第1题已答' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '第2题未答，已标记' })).toBeInTheDocument();
    expect(screen.getByLabelText('离开次数')).toHaveTextContent('离开页面次数：1 / 3');
    expect(screen.getByText('已答 1 / 2', { exact: false })).toBeInTheDocument();
    // 30 minutes left by the server's clock, whatever this machine's clock says.
    expect(screen.getByRole('timer')).toHaveTextContent(/(30:00|29:5\d)/);
  });

  it('autosaves a changed answer', async () => {
    const { calls } = mockApi({
      'GET /api/exam_attempts/5': ok(attempt()),
      'PUT /api/exam_attempts/5/answers': ok({ saved: 1, server_now: '2026-11-25T02:30:01.000Z' }),
    });
    renderScreen('/exam/:attemptId', <ExamPage />, '/exam/5', { session });
    fireEvent.click(await screen.findByLabelText('错误'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: 5_000 });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ answers: [{ question_id: 12, answer: false, flagged: true }] });
    expect(await screen.findByText(/已自动保存/)).toBeInTheDocument();
  });

  it('offers to continue on this device when the attempt runs in another login session', async () => {
    mockApi({
      'GET /api/exam_attempts/5': { code: 409, message: '本场考试已在其他设备或登录会话中进行，如需在本设备继续作答，请确认接管', data: { takeover: true } },
    });
    renderScreen('/exam/:attemptId', <ExamPage />, '/exam/5', { session });
    expect(await screen.findByRole('button', { name: '在本设备继续作答' })).toBeInTheDocument();
  });

  it('shows the score and the certificate once graded', async () => {
    mockApi({
      'GET /api/exam_attempts/5': ok(attempt({ state: 'graded', score: 5, passed: true, submit_reason: 'leaves', certificate_number: 'ZC202601123456' })),
    });
    renderScreen('/exam/:attemptId', <ExamPage />, '/exam/5', { session });
    expect(await screen.findByText('考试成绩：5分')).toBeInTheDocument();
    expect(screen.getByText('离开考试页面次数超过限制，系统自动交卷')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载证书' })).toBeInTheDocument();
  });
});

describe('certificate check', () => {
  it('shows the masked holder and the state', async () => {
    mockApi({
      'GET /api/certificates/ZC202601123456': ok({
        number: 'ZC202601123456',
        holder_name: '王*明',
        exam_name: '管理会计师（初级）',
        level: '初级',
        issued_at: '2026-11-25T02:00:00.000Z',
        valid_until: '2029-11-25T02:00:00.000Z',
        state: 'revoked',
        issuer: '财务管理协会人才培训平台',
      }),
    });
    renderScreen('/certificate/:number', <CertificateCheckPage />, '/certificate/ZC202601123456');
    expect(await screen.findByText('王*明')).toBeInTheDocument();
    expect(screen.getByText('证书已撤销')).toBeInTheDocument();
  });
});
