import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SelectOptions, UserApplyJob } from '@app/contracts';
import { talentMessages } from '@app/contracts/talent/talent.rules';
import { renderScreen } from '@/testing/render-screen';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok, type MockCall, type MockReply } from '@/testing/mock-api';
import { JobIntentionDialog } from './job-intention-dialog';

vi.setConfig({ testTimeout: 60_000 });

const OPTIONS: SelectOptions = {
  areas: [
    {
      id: 410000,
      name: '河南省',
      sub_arr: [
        { id: 410100, name: '郑州市' },
        { id: 410300, name: '洛阳市' },
      ],
    },
    { id: 110000, name: '北京市', sub_arr: [{ id: 110100, name: '北京市' }] },
  ],
  positions: [
    {
      id: 1,
      name: '财务会计',
      sub_arr: [
        { id: 11, name: '总账会计' },
        { id: 12, name: '成本会计' },
        { id: 13, name: '税务会计' },
        { id: 14, name: '出纳' },
      ],
    },
  ],
  industries: [
    { id: 1, name: '金融业' },
    { id: 2, name: '制造业' },
  ],
};

function record(overrides: Partial<UserApplyJob> = {}): UserApplyJob {
  return {
    id: 42,
    user_id: 1001,
    name: '李会计',
    sex: 1,
    biithday: '1990-05-06',
    salary: 3,
    show_personal_info: true,
    citys: '河南省:郑州市,北京市:北京市',
    positions: '总账会计,税务会计',
    industries: '金融业',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

function openDialog(handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ 'GET /api/select_options': ok(OPTIONS), ...handlers });
  renderScreen('/center/student', <JobIntentionDialog />, '/center/student', {
    session: { token: 't', user: makeUser({ id: 1001, is_member: true }) },
  });
  act(() => useSessionStore.getState().setJobSwitch(true));
  return api;
}

const dialog = () => screen.getByRole('dialog', { name: '求职意向' });
const fieldErrors = () =>
  [...dialog().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const nameInput = () => within(dialog()).getByLabelText('姓名');
const saves = (calls: MockCall[]) =>
  calls.filter(
    (c) => (c.method === 'POST' || c.method === 'PUT') && c.url.startsWith('/api/user_apply_jobs'),
  );

/** Publishing is disabled while the saved record loads (a click then does nothing): click once it is enabled. */
async function clickPublish() {
  const publish = await within(dialog()).findByRole('button', { name: '发 布' });
  await waitFor(() => expect(publish).toBeEnabled());
  fireEvent.click(publish);
}

describe('job-intention dialog', () => {
  it('is 650 px wide and loads my record (first item) into the form', async () => {
    const { calls } = openDialog({
      'GET /api/user_apply_jobs': ok([record(), record({ id: 43, name: '另一条' })]),
    });
    await waitFor(() => expect(nameInput()).toHaveValue('李会计'));
    expect(calls.find((c) => c.url === '/api/user_apply_jobs')).toBeTruthy();
    expect(within(dialog()).getByRole('radio', { name: '女' })).toBeChecked();
    expect(within(dialog()).getByText('9000-15999元')).toBeInTheDocument();
    expect(within(dialog()).getByText('郑州市')).toBeInTheDocument();
    expect(within(dialog()).getByText('税务会计')).toBeInTheDocument();
    expect(within(dialog()).getByRole('switch')).toBeChecked();
    const width = (document.querySelector('.ant-modal') as HTMLElement | null)?.style.width;
    expect(width).toBe('650px');
  });

  it('shows every required message when publishing an empty form, and sends nothing', async () => {
    const { calls } = openDialog({ 'GET /api/user_apply_jobs': ok([]) });
    await clickPublish();
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        talentMessages.nameRequired,
        talentMessages.sexRequired,
        talentMessages.birthdayRequired,
        talentMessages.salaryRequired,
        talentMessages.regionRequired,
        talentMessages.industryRequired,
        talentMessages.positionRequired,
      ]),
    );
    expect(saves(calls)).toHaveLength(0);
  });

  it('checks the name when the field loses focus', async () => {
    openDialog({ 'GET /api/user_apply_jobs': ok([]) });
    await waitFor(() => expect(nameInput()).not.toBeDisabled());
    fireEvent.blur(nameInput());
    await waitFor(() => expect(fieldErrors()).toEqual([talentMessages.nameRequired]));
  });

  it('warns about more than three positions and sends nothing', async () => {
    const { calls } = openDialog({
      'GET /api/user_apply_jobs': ok([record({ positions: '总账会计,成本会计,税务会计,出纳' })]),
    });
    await waitFor(() => expect(nameInput()).toHaveValue('李会计'));
    await clickPublish();
    expect(await screen.findByText(talentMessages.targetsTooMany)).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(0);
    expect(useSessionStore.getState().infoDialogVisible).toBe(true);
  });

  it('publishes an existing record with PUT as user_apply_job[...] form data and shows the server message', async () => {
    const { calls } = openDialog({
      'GET /api/user_apply_jobs': ok([record()]),
      'PUT /api/user_apply_jobs/42': ok(record(), '求职意向已发布'),
    });
    await waitFor(() => expect(nameInput()).toHaveValue('李会计'));
    await clickPublish();
    expect(await screen.findByText('求职意向已发布')).toBeInTheDocument();
    const [put] = saves(calls);
    expect(put?.method).toBe('PUT');
    const body = new URLSearchParams(String(put?.body));
    expect(Object.fromEntries(body)).toEqual({
      'user_apply_job[id]': '42',
      'user_apply_job[name]': '李会计',
      'user_apply_job[sex]': '女',
      'user_apply_job[biithday]': '1990-05-06',
      'user_apply_job[salary]': '3',
      'user_apply_job[show_personal_info]': 'true',
      'user_apply_job[citys]': '河南省:郑州市,北京市:北京市',
      'user_apply_job[industries]': '金融业',
      'user_apply_job[positions]': '总账会计,税务会计',
    });
    await waitFor(() => expect(useSessionStore.getState().infoDialogVisible).toBe(false));
  });

  it('shows the server message as an error toast when publishing fails, and stays open', async () => {
    openDialog({
      'GET /api/user_apply_jobs': ok([record()]),
      'PUT /api/user_apply_jobs/42': { code: 400, message: talentMessages.birthdayTooYoung, data: null },
    });
    await waitFor(() => expect(nameInput()).toHaveValue('李会计'));
    await clickPublish();
    expect(await screen.findByText(talentMessages.birthdayTooYoung)).toBeInTheDocument();
    expect(useSessionStore.getState().infoDialogVisible).toBe(true);
  });

  it('resets the form to empty when loading the record fails', async () => {
    let reply: MockReply = ok([record()]);
    openDialog({ 'GET /api/user_apply_jobs': () => reply });
    await waitFor(() => expect(nameInput()).toHaveValue('李会计'));
    act(() => useSessionStore.getState().setJobSwitch(false));
    reply = { code: 500, message: '接口异常', data: null };
    act(() => useSessionStore.getState().setJobSwitch(true));
    await waitFor(() => expect(nameInput()).toHaveValue(''));
    expect(within(dialog()).getByRole('radio', { name: '女' })).not.toBeChecked();
  });

  it('while closed, Escape pressed elsewhere on the page (a field of another form) asks nothing', async () => {
    mockApi({ 'GET /api/select_options': ok(OPTIONS) });
    renderScreen('/center/recruitment/postEdit', <JobIntentionDialog />, '/center/recruitment/postEdit', {
      session: { token: 't', user: makeUser({ id: 1001, is_member: true }) },
    });
    const field = document.createElement('input');
    document.body.appendChild(field);
    field.focus();
    fireEvent.keyDown(field, { key: 'Escape', code: 'Escape' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(talentMessages.leaveConfirm)).not.toBeInTheDocument();
    field.remove();
  });

  it('asks before closing: 取消 keeps the dialog, 确定 closes it', async () => {
    openDialog({ 'GET /api/user_apply_jobs': ok([record()]) });
    await waitFor(() => expect(nameInput()).toHaveValue('李会计'));
    fireEvent.click(within(dialog()).getByRole('button', { name: '取 消' }));
    const confirm = await screen.findByText(talentMessages.leaveConfirm);
    const box = confirm.closest('.ant-modal-confirm') as HTMLElement;
    fireEvent.click(within(box).getByRole('button', { name: '取 消' }));
    await waitFor(() => expect(screen.queryByText(talentMessages.leaveConfirm)).not.toBeInTheDocument());
    expect(useSessionStore.getState().infoDialogVisible).toBe(true);

    fireEvent.click(document.querySelector('.ant-modal-close') as HTMLElement);
    const again = (await screen.findByText(talentMessages.leaveConfirm)).closest(
      '.ant-modal-confirm',
    ) as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(useSessionStore.getState().infoDialogVisible).toBe(false));
  });
});
