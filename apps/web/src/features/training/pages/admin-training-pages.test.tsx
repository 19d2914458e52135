import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { trainingMessages as m } from '@app/contracts/training/training.rules';
import type { AdminCompanySeats, AdminTrainingOverview, SeatTier, TrainingPlan } from '@app/contracts/training/training.schemas';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok, type MockHandler, type MockReply } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import AdminCompaniesPage from './admin-companies-page';
import AdminPlansPage from './admin-plans-page';
import AdminSeatTiersPage from './admin-seat-tiers-page';

vi.setConfig({ testTimeout: 60_000 });

const staff = { token: 't', user: makeUser({ staff_roles: ['finance'] }) };
const TIERS = '/api/admin/company_training/seat_tiers';

function renderAdmin(path: string, ui: ReactElement, handlers: Record<string, MockHandler | MockReply>) {
  const api = mockApi(handlers);
  renderScreen(path, ui, path, { session: staff });
  return api;
}

const writes = (calls: { method: string; url: string; body: unknown }[]) => calls.filter((c) => c.method !== 'GET');

describe('/admin/training/seat-tiers', () => {
  const tiers: SeatTier[] = [
    { id: 2, min_quantity: 20, price: 19900 },
    { id: 1, min_quantity: 1, price: 29800 },
  ];

  it('lists the tiers from 1 seat up with prices in yuan', async () => {
    renderAdmin('/admin/training/seat-tiers', <AdminSeatTiersPage />, { [`GET ${TIERS}`]: ok(tiers) });
    expect(await screen.findByText('1张起')).toBeInTheDocument();
    expect(screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['1张起', '20张起']);
    expect(screen.getByText('¥298.00')).toBeInTheDocument();
  });

  it('sends a new tier with the price typed in yuan as fen', async () => {
    const { calls } = renderAdmin('/admin/training/seat-tiers', <AdminSeatTiersPage />, {
      [`GET ${TIERS}`]: ok(tiers),
      [`POST ${TIERS}`]: ok([...tiers, { id: 3, min_quantity: 50, price: 16990 }], m.tierSaved),
    });
    fireEvent.click(await screen.findByRole('button', { name: '新增价格档' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText(m.tierMinInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(m.tierPriceInvalid)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('起购数量（张）'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('单价（元/张）'), { target: { value: '169.9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText(m.tierSaved)).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'POST', url: TIERS, body: { min_quantity: 50, price: 16990 }, token: 't' }]);
    expect(await screen.findByText('¥169.90')).toBeInTheDocument();
  });

  it('edits a tier starting from its price in yuan and puts the refusal of a duplicate size on the quantity field', async () => {
    const { calls } = renderAdmin('/admin/training/seat-tiers', <AdminSeatTiersPage />, {
      [`GET ${TIERS}`]: ok(tiers),
      [`PUT ${TIERS}/2`]: { code: 409, message: m.tierDuplicate, data: null },
    });
    fireEvent.click(await screen.findByRole('button', { name: '修改20张起的价格档' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('单价（元/张）')).toHaveValue('199.00');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    const error = await within(dialog).findByText(m.tierDuplicate);
    expect(error.closest('.ant-form-item')).toContainElement(within(dialog).getByLabelText('起购数量（张）'));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', url: `${TIERS}/2`, body: { min_quantity: 20, price: 19900 } });
  });

  it("shows the server's refusal to delete the tier from 1 seat", async () => {
    const { calls } = renderAdmin('/admin/training/seat-tiers', <AdminSeatTiersPage />, {
      [`GET ${TIERS}`]: ok(tiers),
      [`DELETE ${TIERS}/1`]: { code: 409, message: m.firstTierRequired, data: null },
    });
    fireEvent.click(await screen.findByRole('button', { name: '删除1张起的价格档' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /删\s?除/ }));
    expect(await screen.findByText(m.firstTierRequired)).toBeInTheDocument();
    expect(writes(calls)).toMatchObject([{ method: 'DELETE', url: `${TIERS}/1` }]);
    expect(screen.getByText('1张起')).toBeInTheDocument();
  });
});

describe('/admin/training/companies', () => {
  const overview: AdminTrainingOverview = {
    list: [{ id: 7, name: '华财科技有限公司', verified: true, employees: 3, seats_sold: 2, seats_assigned: 1, assignments: 4, done: 1, completion: 25 }],
    total: 1,
    page: 1,
    per: 20,
    totals: { companies: 1, employees: 3, seats_sold: 2, revenue: 59600 },
  };
  const seats: AdminCompanySeats = {
    company: { id: 7, name: '华财科技有限公司' },
    seats: [
      { id: 11, order_no: 'S202611270001', starts_at: '2026-11-27T00:00:00.000Z', ends_at: '2027-11-27T00:00:00.000Z', expired: false, holder: { employment_id: 21, name: '张会计' }, assigned_at: '2026-11-28T00:00:00.000Z' },
      { id: 12, order_no: 'S202611270001', starts_at: '2026-11-27T00:00:00.000Z', ends_at: '2027-11-27T00:00:00.000Z', expired: false, holder: null, assigned_at: null },
    ],
    employees: [
      { id: 21, name: '张会计', phone: '138****8000', has_seat: true },
      { id: 22, name: '李出纳', phone: '138****8001', has_seat: false },
    ],
    events: [{ id: 1, seat_id: 11, action: 'assigned', action_label: '分配', employee: '张会计', actor: '华财科技有限公司', reason: null, at: '2026-11-28T00:00:00.000Z' }],
  };

  it('shows the totals and searches companies by name', async () => {
    const asked: unknown[] = [];
    renderAdmin('/admin/training/companies', <AdminCompaniesPage />, {
      'GET /api/admin/company_training': (config) => {
        asked.push(config.params);
        return ok(overview);
      },
    });
    expect(await screen.findByText('¥596.00')).toBeInTheDocument();
    expect(screen.getByText('1 / 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '华财科技有限公司完成率25%' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: '搜索企业名称' });
    fireEvent.change(search, { target: { value: ' 华财 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(asked).toContainEqual({ page: 1, per: 20, keyword: '华财' }));
    expect(asked[0]).toEqual({ page: 1, per: 20 });
  });

  it("moves a seat to another employee with the company's request as the reason", async () => {
    const { calls } = renderAdmin('/admin/training/companies', <AdminCompaniesPage />, {
      'GET /api/admin/company_training': ok(overview),
      'GET /api/admin/company_training/companies/7/seats': ok(seats),
      'POST /api/admin/company_training/seats/11': ok(seats),
    });
    fireEvent.click(await screen.findByRole('button', { name: '查看华财科技有限公司的学员卡' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('空闲')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: '调整学员卡 11 的分配' }));
    const form = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => within(d).queryByText('调整学员卡 #11 的分配'));
      if (!found) throw new Error('no fix dialog');
      return found;
    });
    expect(within(form).getByText(/当前持有人：张会计/)).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: /确认调整/ }));
    expect(await within(form).findByText(m.fixReasonRequired)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    fireEvent.mouseDown(within(form).getByRole('combobox'));
    // The holder and employees who hold a seat already cannot be chosen.
    expect(await screen.findByTitle('张会计（138****8000） · 当前持有')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByTitle('李出纳（138****8001）'));
    fireEvent.change(within(form).getByLabelText('处理原因（企业的请求说明）'), { target: { value: '企业来电：张会计离职，改给李出纳' } });
    fireEvent.click(within(form).getByRole('button', { name: /确认调整/ }));
    expect(await screen.findByText(m.seatAssigned)).toBeInTheDocument();
    expect(writes(calls)).toMatchObject([
      { method: 'POST', url: '/api/admin/company_training/seats/11', body: { employment_id: 22, reason: '企业来电：张会计离职，改给李出纳' } },
    ]);
  });
});

describe('/admin/training/plans', () => {
  const plan: TrainingPlan = { id: 1, name: '2026年度继续教育', description: '', active: true, courses: [{ id: 31, title: '新收入准则实务' }] };

  it('creates a plan from the chosen courses', async () => {
    const { calls } = renderAdmin('/admin/training/plans', <AdminPlansPage />, {
      'GET /api/admin/company_training/plans': ok([plan]),
      'GET /api/admin/company_training/plan_courses': ok([
        { id: 31, title: '新收入准则实务', price_type: 'free', credits: 20 },
        { id: 32, title: '增值税申报', price_type: 'member', credits: null },
      ]),
      'POST /api/admin/company_training/plans': ok({ ...plan, id: 2 }, m.planSaved),
    });
    expect(await screen.findByText('2026年度继续教育')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '新建学习计划' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText(m.planNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(m.planCoursesRequired)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('计划名称'), { target: { value: '税务专项' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('增值税申报'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText(m.planSaved)).toBeInTheDocument();
    expect(writes(calls)).toMatchObject([
      { method: 'POST', url: '/api/admin/company_training/plans', body: { name: '税务专项', description: '', course_ids: [32], active: true } },
    ]);
  });
});
