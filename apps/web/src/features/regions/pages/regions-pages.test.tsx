import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ruleMessages } from '@app/contracts/common/rule-patterns';
import { regionsMessages as m } from '@app/contracts/regions/regions.rules';
import type {
  AdminBaseManagerApplication,
  BaseManagerApplication,
} from '@app/contracts/regions/regions.schemas';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok, type MockHandler } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import AdminBaseManagersPage from './admin-base-managers-page';
import BaseManagerApplyPage from './base-manager-apply-page';

vi.setConfig({ testTimeout: 60_000 });

function application(over: Partial<BaseManagerApplication> = {}): BaseManagerApplication {
  return {
    id: 7,
    organisation: '郑州中原财会职业培训学校',
    region: 'henan',
    base_name: '河南学习基地',
    contact: '周立新',
    phone: '13912345678',
    qualifications: '学校经人社部门批准开展会计职业技能培训，现有专职教师18人。',
    attachment: null,
    status: 'pending',
    status_label: '待审核',
    review_reason: null,
    reviewed_at: null,
    created_at: '2026-11-27T19:04:00.000Z',
    ...over,
  };
}

function adminApplication(over: Partial<AdminBaseManagerApplication> = {}): AdminBaseManagerApplication {
  return {
    ...application(),
    applicant: { id: 41, phone: '13800138041', name: '周立新' },
    attachment_url: null,
    reviewed_by: null,
    ...over,
  };
}

const signedIn = { token: 't', user: makeUser({ phone: '13800138000' }) };

function renderApply(path: string, mine: BaseManagerApplication[] = [], post?: MockHandler, session = true) {
  const api = mockApi({
    'GET /api/apply_xx_manager': ok(mine),
    ...(post ? { 'POST /api/apply_xx_manager': post } : {}),
  });
  const view = renderScreen('/learnBase/apply', <BaseManagerApplyPage />, path, session ? { session: signedIn } : {});
  return { ...api, ...view };
}

const field = (label: string) => screen.getByLabelText(label);
const submitButton = () => screen.getByRole('button', { name: /提交申请/ });

describe('/learnBase/apply', () => {
  it('sends a visitor to sign in and back, asking the server nothing', async () => {
    const { calls, router } = renderApply('/learnBase/apply?base=henan', [], undefined, false);
    const signIn = await screen.findByRole('button', { name: '登录后申请' });
    expect(screen.getByRole('link', { name: '没有账号？免费注册' })).toHaveAttribute(
      'href',
      `/login?mode=register&redirect=${encodeURIComponent('/learnBase/apply?base=henan')}`,
    );
    fireEvent.click(signIn);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/login?redirect=${encodeURIComponent('/learnBase/apply?base=henan')}`,
      ),
    );
    expect(calls).toEqual([]);
  });

  it('checks the fields in Chinese before sending, with a phone field for phone keyboards', async () => {
    const { calls } = renderApply('/learnBase/apply?base=ningbo');
    const phone = await screen.findByLabelText('联系电话');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(phone).toHaveValue('13800138000');
    expect(screen.getByText('宁波学习基地')).toBeInTheDocument();

    fireEvent.change(phone, { target: { value: '1001234567' } });
    fireEvent.change(field('单位资质与办学条件'), { target: { value: '有资质' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText(m.orgRequired)).toBeInTheDocument();
    expect(screen.getByText(m.contactRequired)).toBeInTheDocument();
    expect(screen.getByText(ruleMessages.phoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(m.qualificationsTooShort)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("sends the form as multipart and shows the server's field errors on their fields", async () => {
    const sent: FormData[] = [];
    renderApply('/learnBase/apply?base=guizhou', [], (config) => {
      sent.push(config.data as FormData);
      return {
        code: 400,
        message: '单位名称最多60个字',
        data: { fieldErrors: { organisation: '单位名称最多60个字' } },
      };
    });
    fireEvent.change(await screen.findByLabelText('单位名称'), { target: { value: '贵州黔财会计培训中心' } });
    fireEvent.change(field('联系人'), { target: { value: '杨敏' } });
    fireEvent.change(field('单位资质与办学条件'), {
      target: { value: '中心经贵阳市人社局批准开展会计培训，有专职教师12人、教室4间，年培训学员三千人次。' },
    });
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(
        screen.getAllByText('单位名称最多60个字').some((el) => el.closest('.ant-form-item')?.contains(field('单位名称'))),
      ).toBe(true),
    );
    const body = sent[0]!;
    expect(Object.fromEntries(body.entries())).toEqual({
      region: 'guizhou',
      organisation: '贵州黔财会计培训中心',
      contact: '杨敏',
      phone: '13800138000',
      qualifications: '中心经贵阳市人社局批准开展会计培训，有专职教师12人、教室4间，年培训学员三千人次。',
    });
  });

  it("shows the applicant's applications and keeps a base with a pending one from being sent again", async () => {
    renderApply('/learnBase/apply?base=henan', [
      application(),
      application({
        id: 3,
        region: 'jilin',
        base_name: '吉林学习基地',
        status: 'rejected',
        status_label: '未通过',
        review_reason: '办学场地证明材料不全',
        reviewed_at: '2026-11-20T02:00:00.000Z',
      }),
    ]);
    const mine = await screen.findByRole('complementary', { name: '我的申请' });
    expect(await within(mine).findByText('待审核')).toBeInTheDocument();
    expect(within(mine).getByText('未通过原因：办学场地证明材料不全')).toBeInTheDocument();
    expect(within(mine).getByText('提交于 2026-11-28 03:04')).toBeInTheDocument();
    expect(await screen.findByText(m.duplicate)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });
});

describe('/admin/base-managers', () => {
  function renderAdmin() {
    const api = mockApi({
      'GET /api/admin/base_manager_applications': ok({ list: [adminApplication()], total: 1, page: 1, per: 20 }),
      'POST /api/admin/base_manager_applications/7/review': ok(
        adminApplication({ status: 'rejected', status_label: '未通过', review_reason: '材料不全' }),
        m.rejected,
      ),
    });
    renderScreen('/admin/base-managers', <AdminBaseManagersPage />, '/admin/base-managers', {
      session: { token: 't', user: makeUser({ staff_roles: ['editor'] }) },
    });
    return api;
  }

  it('lists pending applications and rejects only with a reason', async () => {
    const { calls } = renderAdmin();
    fireEvent.click(await screen.findByRole('button', { name: /审\s?核/ }));
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/admin/base_manager_applications' });
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('13800138041', { exact: false })).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('radio', { name: '驳回' }));
    fireEvent.click(await within(drawer).findByRole('button', { name: /驳回申请/ }));
    expect(await within(drawer).findByText(m.reasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(drawer).getByLabelText(/驳回原因/), { target: { value: '材料不全' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /驳回申请/ }));
    expect(await screen.findByText(m.rejected)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ approve: false, reason: '材料不全' });
  });
});
