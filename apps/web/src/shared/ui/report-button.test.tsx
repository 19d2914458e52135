import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { moderationMessages as m } from '@app/contracts';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import { ReportButton } from './report-button';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't1', user: makeUser() };

function openDialog(title: string) {
  renderScreen('/', <ReportButton kind="chat" id={42} title={title} />, '/', { session });
  fireEvent.click(screen.getByRole('button', { name: '举报' }));
  return screen.findByRole('dialog', { name: title });
}

describe('report button', () => {
  it('sends the kind, id, chosen reason and trimmed note, then thanks the reporter and closes', async () => {
    const api = mockApi({ 'POST /api/moderation/reports': ok(null) });
    const dialog = await openDialog('举报消息');
    fireEvent.click(within(dialog).getByRole('radio', { name: '广告营销' }));
    fireEvent.change(within(dialog).getByLabelText('补充说明（选填）'), { target: { value: '  反复发二维码  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交举报/ }));

    expect(await screen.findByText(m.reported)).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/moderation/reports')?.body).toEqual({
      kind: 'chat',
      id: 42,
      reason: '广告营销',
      note: '反复发二维码',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '举报消息' })).toBeNull());
  });

  it('asks for a reason in Chinese and sends nothing without one', async () => {
    const api = mockApi({ 'POST /api/moderation/reports': ok(null) });
    const dialog = await openDialog('举报问题');
    fireEvent.click(within(dialog).getByRole('button', { name: /提交举报/ }));
    expect(await within(dialog).findByText(m.reasonInvalid)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows an earlier report of the same item as a notice and closes the dialog', async () => {
    mockApi({ 'POST /api/moderation/reports': { code: 409, message: m.reportedAlready, data: null } });
    const dialog = await openDialog('举报消息');
    fireEvent.click(within(dialog).getByRole('radio', { name: '辱骂攻击' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /提交举报/ }));

    expect(await screen.findByText(m.reportedAlready)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '举报消息' })).toBeNull());
  });

  it('keeps the dialog open with the error under the reason when the report fails otherwise', async () => {
    mockApi({ 'POST /api/moderation/reports': { code: 500, message: '服务器开小差了，请稍后重试', data: null } });
    const dialog = await openDialog('举报消息');
    fireEvent.click(within(dialog).getByRole('radio', { name: '其他' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /提交举报/ }));

    expect(await within(dialog).findByText('服务器开小差了，请稍后重试')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '举报消息' })).toBeInTheDocument();
  });
});
