import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CenterRcpj, Rcpj } from '@app/contracts';
import { talentMessages } from '@app/contracts/talent/talent.rules';
import { renderScreen } from '@/testing/render-screen';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { makePersonalInfo, makeRcpj } from '../testing/talent-fixtures';
import EvaluationPage from './evaluation-page';

vi.setConfig({ testTimeout: 60_000 });

function render(list: Rcpj[], extra: Parameters<typeof mockApi>[0] = {}) {
  const center: CenterRcpj = {
    star_id: 2,
    figures: { learn_seconds: 3675, finished_courses: 4, credentials: 1 },
    list,
    unread_results: 0,
  };
  const api = mockApi({
    'GET /api/center_rcpj': ok(center),
    'GET /api/attachment_dics/list': ok([{ id: 1, name: '学历证明', description: '' }]),
    'GET /api/user_infos/personal_info': ok({ personal_info: makePersonalInfo() }),
    'POST /api/users/get_current_user': ok(makeUser()),
    ...extra,
  });
  renderScreen('/center/evaluation', <EvaluationPage />, '/center/evaluation', {
    session: { token: 't', user: makeUser() },
  });
  return api;
}

describe('my evaluations', () => {
  it('without an open application offers levels above my star and applies', async () => {
    const { calls } = render([], { 'POST /api/rcpjs/star_level': ok(makeRcpj(), talentMessages.applied) });
    expect(await screen.findByText('二星')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '申请星级' }));
    expect(screen.queryByTitle('一星')).not.toBeInTheDocument();
    fireEvent.click(await screen.findByTitle('三星'));
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText(talentMessages.applied)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/rcpjs/star_level')?.body).toEqual({ star_id: 3 });
  });

  it('a draft asks for the statement before submitting materials', async () => {
    const { calls } = render([makeRcpj()]);
    fireEvent.click(await screen.findByRole('button', { name: '提交材料' }));
    expect(await screen.findByText(talentMessages.statementRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/rcpjs/submit_apply')).toBe(false);
  });

  it('submits the statement with a chosen credential', async () => {
    const { calls } = render([makeRcpj()], {
      'POST /api/rcpjs/submit_apply': ok(makeRcpj({ status: 'submitted' }), talentMessages.submitted),
    });
    fireEvent.change(await screen.findByLabelText('申请说明'), { target: { value: '十年财务经验' } });
    fireEvent.click(await screen.findByLabelText(/中级会计师/));
    fireEvent.click(screen.getByRole('button', { name: '提交材料' }));
    expect(await screen.findByText(talentMessages.submitted)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/rcpjs/submit_apply')?.body).toEqual({
      id: 7,
      statement: '十年财务经验',
      materials: [],
      credential_ids: [31],
    });
  });

  it('a submitted application can be cancelled before review', async () => {
    const { calls } = render([makeRcpj({ status: 'submitted', status_label: '待审核' })], {
      'POST /api/stars/apply_cancel': ok(makeRcpj({ status: 'cancelled' }), talentMessages.cancelled),
    });
    expect(await screen.findByText('材料已提交，请等待审核')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '撤销申请' }));
    fireEvent.click(await screen.findByRole('button', { name: '撤 销' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/stars/apply_cancel')?.body).toEqual({ id: 7 }),
    );
  });

  it('a reviewed result shows until acknowledged with 知道了', async () => {
    const { calls } = render(
      [makeRcpj({ status: 'rejected', status_label: '未通过', reject_reason: '材料不全' })],
      {
        'POST /api/center_rcpj_got_it': ok(makeRcpj({ result_acknowledged: true })),
      },
    );
    expect(await screen.findByText('原因：材料不全')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/center_rcpj_got_it')?.body).toEqual({ id: 7 }),
    );
  });
});
