import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { talentMessages } from '@app/contracts/talent/talent.rules';
import { renderScreen } from '@/testing/render-screen';
import { useSessionStore } from '@/shared/lib/session/session-store';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { makePersonalInfo } from '../testing/talent-fixtures';
import TalentPortraitPage from './talent-portrait-page';

vi.setConfig({ testTimeout: 60_000 });
// ECharts needs a canvas; the chart itself is covered by the browser test.
vi.mock('../components/talent-radar', () => ({
  TalentRadar: ({ scores }: { scores: { name: string; value: number }[] }) => (
    <div data-testid="radar">{scores.map((s) => `${s.name}${s.value}`).join(',')}</div>
  ),
}));

function render(role: 'personal' | 'company' = 'personal', isMember = true) {
  const api = mockApi({
    'GET /api/user_infos/personal_info': ok({ personal_info: makePersonalInfo() }),
    'PUT /api/customer_edus/11/': ok(makePersonalInfo().customer_edus[0], '保存成功'),
    'DELETE /api/papers/51/': ok(null, '删除成功'),
  });
  renderScreen('/center/talentPortrayal', <TalentPortraitPage />, '/center/talentPortrayal', {
    session: { token: 't', user: makeUser({ role, is_member: isMember }) },
  });
  return api;
}
const infoLoads = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url === '/api/user_infos/personal_info').length;

describe('talent portrait page', () => {
  it('shows the summary, radar scores, timeline, personal info and the five record lists', async () => {
    render();
    expect(await screen.findByRole('heading', { name: '张三' })).toBeInTheDocument();
    expect(screen.getByText('人才画像已公开')).toBeInTheDocument();
    expect(await screen.findByTestId('radar')).toHaveTextContent('学历75');
    expect(screen.getByText('9000-15999元')).toBeInTheDocument();
    for (const t of ['教育经历', '工作经历', '资格证书', '获奖情况', '论文成果']) {
      expect(screen.getByRole('region', { name: t })).toBeInTheDocument();
    }
    expect(screen.getByText('中共党员')).toBeInTheDocument();
    expect(screen.getByText('11-50人')).toBeInTheDocument();
  });

  it('编辑求职意向 opens the job dialog for a member and the student dialog for a non-member', async () => {
    render('personal', true);
    fireEvent.click(await screen.findByRole('button', { name: /编辑求职意向/ }));
    expect(useSessionStore.getState().infoDialogVisible).toBe(true);
  });

  it('a non-member editing the job intention gets the student-card switch', async () => {
    render('personal', false);
    fireEvent.click(await screen.findByRole('button', { name: /编辑求职意向/ }));
    expect(useSessionStore.getState().buyStudentStatus).toBe(true);
    expect(useSessionStore.getState().infoDialogVisible).toBe(false);
  });

  it('adding a record checks the required fields in Chinese and sends nothing', async () => {
    const { calls } = render();
    fireEvent.click(await screen.findByRole('button', { name: /添加论文成果/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('论文链接'), { target: { value: 'ftp://x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await within(dialog).findByText(talentMessages.paperTitleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(talentMessages.publicationRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(talentMessages.dateRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(talentMessages.linkInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('editing a record PUTs the whole record, toasts the server message and reloads the talent info', async () => {
    const { calls } = render();
    fireEvent.click(await screen.findByRole('button', { name: /编辑河南财经政法大学/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('专业'), { target: { value: '财务管理' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/customer_edus/11/');
    expect(put?.body).toEqual({
      school: '河南财经政法大学',
      major: '财务管理',
      degree: 3,
      start_date: '2008-09-01',
      end_date: '2012-07-01',
    });
    await waitFor(() => expect(infoLoads(calls)).toBe(2));
  });

  it('deleting asks first, then deletes and reloads the talent info', async () => {
    const { calls } = render();
    fireEvent.click(await screen.findByRole('button', { name: /删除业财融合实践/ }));
    expect(await screen.findByText('确定删除这条论文成果吗？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/papers/51/')).toBe(true);
    await waitFor(() => expect(infoLoads(calls)).toBe(2));
  });

  it('company accounts get a notice pointing to the talent pool', async () => {
    const { calls } = render('company');
    expect(await screen.findByText('人才画像为个人账号功能')).toBeInTheDocument();
    expect(infoLoads(calls)).toBe(0);
  });
});
