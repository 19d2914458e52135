import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LEAVE_GRACE_SECONDS, type Attempt, type ExamNotice } from '@app/contracts';
import { PHONE_MEDIA_QUERY } from '@/shared/hooks/use-is-phone';
import { renderScreen } from '@/testing/render-screen';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import CertificateCheckPage from './certificate-check-page';
import ExamNoticePage from './exam-notice-page';
import ExamPage from './exam-page';

vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't', user: makeUser() };

/** Hides or shows the page as a switch to another app does. */
function away(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** A touch phone's screen for matchMedia (the phone breakpoint and a coarse pointer); answers the restore. */
function phoneScreen(): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query === PHONE_MEDIA_QUERY || query === '(hover: none) and (pointer: coarse)',
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

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
  credit_category: 'professional',
  credits: 100,
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
      max_leaves: 3,
      max_attempts: 2,
      retake_after_pass: false,
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

  it('shows the exam rules with the leave rule and the paper\'s limit before registration', async () => {
    mockApi({ 'GET /api/exam_types/management-accountant-junior': ok(notice) });
    renderScreen('/examNotice/:typeName', <ExamNoticePage />, '/examNotice/management-accountant-junior', { session });
    const rules = await screen.findByRole('region', { name: '考试须知' });
    expect(rules).toHaveTextContent(`超过${LEAVE_GRACE_SECONDS}秒，计为离开一次`);
    expect(rules).toHaveTextContent('来电挂断、下拉通知栏');
    expect(rules).toHaveTextContent('离开达到3次，系统将自动交卷。');
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
    expect(await screen.findByText(/^已保存 /)).toBeInTheDocument();
  });

  it('asks before submitting and lists the numbers of the unanswered questions', async () => {
    mockApi({ 'GET /api/exam_attempts/5': ok(attempt()) });
    renderScreen('/exam/:attemptId', <ExamPage />, '/exam/5', { session });
    fireEvent.click(await screen.findByRole('button', { name: /^交\s?卷$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('还有1道题未作答：第2题');
    expect(dialog).toHaveTextContent('已标记待检查：第2题');
    expect(screen.getByRole('button', { name: '去第2题作答' })).toBeInTheDocument();
  });

  it('shows the leave rule on the paper and reports an absence with its length, and warns when the server counted it', async () => {
    const { calls } = mockApi({
      'GET /api/exam_attempts/5': ok(attempt()),
      'POST /api/exam_attempts/5/leaves': ok({ leave_count: 2, max_leaves: 3, state: 'in_progress', counted: true }),
    });
    renderScreen('/exam/:attemptId', <ExamPage />, '/exam/5', { session });
    expect(await screen.findByText(new RegExp(`超过${LEAVE_GRACE_SECONDS}秒，计为离开一次`))).toBeInTheDocument();
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      away('hidden');
      now += 20_000;
      away('visible');
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ away_ms: 20_000 });
      expect(await screen.findByText(/已计离开2次，达到3次将自动交卷/)).toBeInTheDocument();
      expect(screen.getByLabelText('离开次数')).toHaveTextContent('离开页面次数：2 / 3');
    } finally {
      clock.mockRestore();
      away('visible');
    }
  });

  it('on a phone shows one question per screen, turns with 下一题 and jumps with the question grid; focus loss alone is no absence', async () => {
    const restore = phoneScreen();
    try {
      const { calls } = mockApi({ 'GET /api/exam_attempts/5': ok(attempt()) });
      renderScreen('/exam/:attemptId', <ExamPage />, '/exam/5', { session });
      expect(await screen.findByText('全面预算的起点是（ ）。')).toBeInTheDocument();
      expect(screen.queryByText('沉没成本是决策相关成本。')).not.toBeInTheDocument();
      expect(screen.getByRole('timer', { name: '剩余时间' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '上一题' })).toBeDisabled();
      fireEvent.click(screen.getByRole('button', { name: '下一题' }));
      expect(await screen.findByText('沉没成本是决策相关成本。')).toBeInTheDocument();
      expect(screen.queryByText('全面预算的起点是（ ）。')).not.toBeInTheDocument();
      // The last question ends with 交卷 in place of 下一题.
      expect(screen.queryByRole('button', { name: '下一题' })).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: '答题卡' }));
      fireEvent.click(await screen.findByRole('button', { name: '第1题已答' }));
      expect(await screen.findByText('全面预算的起点是（ ）。')).toBeInTheDocument();
      // The notification shade takes the focus without hiding the page: nothing is reported.
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    } finally {
      restore();
    }
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
