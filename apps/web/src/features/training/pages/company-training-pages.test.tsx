import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ruleMessages } from '@app/contracts/common/rule-patterns';
import { trainingMessages as m } from '@app/contracts/training/training.rules';
import type {
  Assignable,
  EmployeeDetail,
  EmployeePage,
  EmployeeRow,
  Invitation,
  Seats,
  TrainingOverview,
} from '@app/contracts/training/training.schemas';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok, type MockHandler } from '@/testing/mock-api';
import { asPhoneScreen } from '@/testing/phone';
import { renderScreen } from '@/testing/render-screen';
import CompanyAssignmentsPage, { assignmentBody } from './company-assignments-page';
import CompanyEmployeesPage from './company-employees-page';
import CompanyOverviewPage from './company-overview-page';
import CompanySeatsPage from './company-seats-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 'c', user: makeUser({ id: 2002, role: 'company', nickname: '华财科技有限公司' }) };

function overview(over: Partial<TrainingOverview> = {}): TrainingOverview {
  return {
    company_name: '华财科技有限公司',
    verified: true,
    year: 2026,
    employees: 3,
    invitations_pending: 2,
    seats: { bought: 5, assigned: 2, available: 3, expired: 0 },
    assignments: { total: 6, done: 2, overdue: 1 },
    credits: { met: 1, unmet: 2 },
    ...over,
  };
}

function row(over: Partial<EmployeeRow> = {}): EmployeeRow {
  return {
    id: 11,
    name: '王芳',
    phone: '138****8000',
    joined_at: '2026-03-01T02:00:00.000Z',
    seat: { id: 1, ends_at: '2027-03-01T02:00:00.000Z' },
    assigned: { total: 2, done: 1, overdue: 1 },
    credits: { year: 2026, total: 325, required: 900, missing: 575, met: false, has_rule: true },
    ...over,
  };
}

const page = (list: EmployeeRow[]): EmployeePage => ({ list, total: list.length, page: 1, per: 10 });

const EMPLOYEES = [
  row(),
  row({ id: 12, name: '李强', phone: '138****8001', seat: null, assigned: { total: 2, done: 2, overdue: 0 }, credits: { year: 2026, total: 905, required: 900, missing: 0, met: true, has_rule: true } }),
];

function renderAt(path: string, element: React.ReactNode, handlers: Record<string, MockHandler | ReturnType<typeof ok>>) {
  const api = mockApi({ 'GET /api/company_training/overview': ok(overview()), ...handlers });
  const view = renderScreen(path.split('?')[0]!, element, path, { session });
  return { ...api, ...view };
}

describe('/center/training 培训概览', () => {
  it('shows the figures and each employee’s seat, assigned courses and this year’s credits', async () => {
    renderAt('/center/training', <CompanyOverviewPage />, { 'GET /api/company_training/employees': ok(page(EMPLOYEES)) });
    const figures = await screen.findByRole('list', { name: '培训概况' });
    expect(within(figures).getByRole('link', { name: /学员卡已分配/ })).toHaveTextContent('2 / 5可分配 3 张');
    expect(within(figures).getByRole('link', { name: /指派课程已完成/ })).toHaveTextContent('逾期 1 项');
    expect(within(figures).getByRole('link', { name: /2026年学分达标/ })).toHaveAttribute('href', '/center/training?filter=credits_unmet');

    const wang = (await screen.findByText('王芳')).closest('tr')!;
    expect(within(wang).getByText(/有效期至 2027-03-01/)).toBeInTheDocument();
    expect(within(wang).getByText('1 / 2')).toBeInTheDocument();
    expect(within(wang).getByText('逾期 1')).toHaveClass('tr-danger');
    expect(within(wang).getByText('32.5 / 90')).toBeInTheDocument();
    expect(within(wang).getByText('差 57.5 学分')).toBeInTheDocument();
    const li = screen.getByText('李强').closest('tr')!;
    expect(within(li).getByText('未分配')).toBeInTheDocument();
    expect(within(li).getByText('90.5 / 90')).toBeInTheDocument();
    expect(within(li).getByText('达标')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('searches and filters on the server, and exports exactly the filtered list', async () => {
    const asked: Record<string, unknown>[] = [];
    const exported: string[] = [];
    const created = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    renderAt('/center/training?filter=overdue', <CompanyOverviewPage />, {
      'GET /api/company_training/employees': (config) => {
        asked.push(config.params as Record<string, unknown>);
        return ok(page(EMPLOYEES));
      },
      'GET /api/company_training/employees.xlsx': (config) => {
        exported.push(config.url!);
        return ok(null);
      },
    });
    await screen.findByText('王芳');
    expect(asked[0]).toEqual({ filter: 'overdue', page: 1, per: 10 });
    fireEvent.change(screen.getByRole('searchbox', { name: '按姓名或手机号搜索' }), { target: { value: '王芳' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: '按姓名或手机号搜索' }), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(asked.at(-1)).toEqual({ keyword: '王芳', filter: 'overdue', page: 1, per: 10 }));

    fireEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    await waitFor(() => expect(exported).toEqual(['/api/company_training/employees.xlsx?keyword=%E7%8E%8B%E8%8A%B3&filter=overdue']));
    await waitFor(() => expect(created).toHaveBeenCalled());
  });

  it('asks the year’s PDF summary of the overview’s year', async () => {
    const asked: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:y'), revokeObjectURL: vi.fn() });
    renderAt('/center/training', <CompanyOverviewPage />, {
      'GET /api/company_training/employees': ok(page([])),
      'GET /api/company_training/summary.pdf': (config) => {
        asked.push(config.url!);
        return ok(null);
      },
    });
    await screen.findByRole('list', { name: '培训概况' });
    expect(await screen.findByText('还没有员工，请先邀请员工加入本单位')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '年度汇总PDF' }));
    await waitFor(() => expect(asked).toEqual(['/api/company_training/summary.pdf?year=2026']));
  });

  it('tells an unverified company that verification comes first, with the way to 企业信息', async () => {
    mockApi({
      'GET /api/company_training/overview': ok(overview({ verified: false, employees: 0 })),
      'GET /api/company_training/employees': ok(page([])),
    });
    renderScreen('/center/training', <CompanyOverviewPage />, '/center/training', { session });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(m.companyNotVerified);
    expect(within(alert).getByRole('link', { name: /前往企业信息/ })).toHaveAttribute('href', '/center/recruitment/companyEdit');
  });

  it('opens an employee’s assigned courses and certificates in a drawer', async () => {
    const detail: EmployeeDetail = {
      ...row(),
      assignments: [
        { id: 1, course_id: 5, course_title: '新收入准则实务', plan_name: null, deadline: '2026-12-31', days_left: 33, percent: 40, finished_at: null, status: 'learning' },
        { id: 2, course_id: 6, course_title: '税务风险防控', plan_name: '年度必修', deadline: '2026-11-01', days_left: -27, percent: 10, finished_at: null, status: 'overdue' },
      ],
      certificates: [{ kind: 'cpe', title: '2025年度继续教育学时证明', number: 'CPE2025000123', issued_at: '2026-01-05T02:00:00.000Z' }],
    };
    renderAt('/center/training', <CompanyOverviewPage />, {
      'GET /api/company_training/employees': ok(page(EMPLOYEES)),
      'GET /api/company_training/employees/11': ok(detail),
    });
    fireEvent.click(await screen.findByRole('button', { name: '查看王芳的详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('新收入准则实务')).toBeInTheDocument();
    expect(within(drawer).getByText(/截止日期 2026-12-31，还剩33天/)).toBeInTheDocument();
    expect(within(drawer).getByText(/已逾期27天，来自学习计划「年度必修」/)).toBeInTheDocument();
    expect(within(drawer).getByText('已逾期')).toBeInTheDocument();
    expect(within(drawer).getByText('2025年度继续教育学时证明')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    let desk: () => void;
    afterEach(() => desk());
    it('labels every cell so each employee reads as a card', async () => {
      desk = asPhoneScreen();
      renderAt('/center/training', <CompanyOverviewPage />, { 'GET /api/company_training/employees': ok(page(EMPLOYEES)) });
      const cell = (await screen.findByText('138****8000')).closest('td')!;
      expect(cell).toHaveAttribute('data-label', '手机号');
      expect(cell.closest('.ant-table-wrapper')).toHaveClass('tr-card-table');
    });
  });
});

describe('/center/training/employees 员工管理', () => {
  const invitation: Invitation = {
    id: 4,
    phone: '139****0001',
    name: '赵敏',
    state: 'invited',
    state_label: '待接受',
    invited_at: '2026-11-27T02:00:00.000Z',
    expires_at: '2026-12-04T02:00:00.000Z',
    responded_at: null,
  };

  it('checks the phone in Chinese before inviting, and puts the server’s refusal on the field', async () => {
    const { calls } = renderAt('/center/training/employees', <CompanyEmployeesPage />, {
      'GET /api/company_training/invitations': ok([invitation]),
      'GET /api/company_training/employees': ok(page(EMPLOYEES)),
      'POST /api/company_training/invitations': { code: 404, message: m.phoneNotRegistered, data: null },
    });
    const phone = await screen.findByLabelText('员工手机号');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    fireEvent.click(screen.getByRole('button', { name: '发送邀请' }));
    expect(await screen.findByText(ruleMessages.phoneRequired)).toBeInTheDocument();
    fireEvent.change(phone, { target: { value: '1380013' } });
    fireEvent.click(screen.getByRole('button', { name: '发送邀请' }));
    expect(await screen.findByText(ruleMessages.phoneInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(phone, { target: { value: '13900139000' } });
    fireEvent.click(screen.getByRole('button', { name: '发送邀请' }));
    expect(await screen.findByText(m.phoneNotRegistered)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ phone: '13900139000' });
  });

  it('withdraws a pending invitation and removes an employee after the warning about the seat', async () => {
    const { calls } = renderAt('/center/training/employees', <CompanyEmployeesPage />, {
      'GET /api/company_training/invitations': ok([invitation, { ...invitation, id: 3, state: 'declined', state_label: '已拒绝', responded_at: '2026-11-20T02:00:00.000Z' }]),
      'GET /api/company_training/employees': ok(page(EMPLOYEES)),
      'POST /api/company_training/invitations/4/cancel': ok({ ...invitation, state: 'cancelled', state_label: '已撤回' }, m.cancelled),
      'DELETE /api/company_training/employees/11': ok(null, m.removed),
    });
    expect(await screen.findByText('待接受')).toBeInTheDocument();
    // Only the pending one can be withdrawn.
    expect(screen.getAllByRole('button', { name: /^撤回对/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '撤回对139****0001的邀请' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/company_training/invitations/4/cancel')).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: '移除王芳' }));
    expect(await screen.findByText(/移除后其学员卡将收回/)).toBeInTheDocument();
    // antd spaces two-character button labels (移 除).
    fireEvent.click(screen.getByRole('button', { name: /^移\s?除$/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/company_training/employees/11')).toBe(true));
  });
});

describe('/center/training/seats 学员卡', () => {
  const seats: Seats = {
    tiers: [
      { id: 1, min_quantity: 1, price: 29800 },
      { id: 2, min_quantity: 20, price: 26800 },
    ],
    seats: [
      { id: 1, order_no: 'N1', starts_at: '2026-03-01T02:00:00.000Z', ends_at: '2027-03-01T02:00:00.000Z', expired: false, holder: { employment_id: 11, name: '王芳' }, assigned_at: '2026-03-02T02:00:00.000Z' },
      { id: 2, order_no: 'N1', starts_at: '2026-03-01T02:00:00.000Z', ends_at: '2027-03-01T02:00:00.000Z', expired: false, holder: null, assigned_at: null },
    ],
    events: [
      { id: 1, seat_id: 1, action: 'assigned', action_label: '分配', employee: '王芳', actor: '华财科技有限公司', reason: null, at: '2026-03-02T02:00:00.000Z' },
    ],
  };

  it('prices the count live at its tier and orders all the seats in one order, then opens its payment', async () => {
    const { calls, router } = renderAt('/center/training/seats', <CompanySeatsPage />, {
      'GET /api/company_training/seats': ok(seats),
      'POST /api/orders': ok({ order_no: 'S202611280001' }),
    });
    const tiers = await screen.findByRole('list', { name: '学员卡价格' });
    expect(within(tiers).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['从1张起 ¥298.00/张', '从20张起 ¥268.00/张']);
    const quantity = screen.getByLabelText('购买数量（张）');
    expect(await screen.findByText(/单价 ¥298.00\/张/)).toBeInTheDocument();
    fireEvent.change(quantity, { target: { value: '25' } });
    expect(await screen.findByText('¥6,700.00')).toBeInTheDocument();
    expect(screen.getByText(/单价 ¥268.00\/张/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '去支付' }));
    await waitFor(() => expect(router.state.location.search).toBe('?order_no=S202611280001'));
    expect(router.state.location.pathname).toBe('/payment');
    expect(calls.find((c) => c.url === '/api/orders')?.body).toEqual({ product_type: 'seats', product_id: 1, quantity: 25 });
  });

  it('lists seats with their holder and history, and refuses to give more seats than are free', async () => {
    renderAt('/center/training/seats', <CompanySeatsPage />, {
      'GET /api/company_training/seats': ok(seats),
      'GET /api/company_training/employees': ok(page([row({ id: 12, name: '李强', seat: null }), row({ id: 13, name: '陈静', seat: null })])),
    });
    expect(await screen.findByRole('button', { name: '收回王芳的学员卡' })).toBeInTheDocument();
    expect(screen.getByText('空闲')).toBeInTheDocument();
    expect(screen.getByText('分配（No.1）')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '订单与发票' })).toHaveAttribute('href', '/center/order');

    fireEvent.click(screen.getByRole('button', { name: '分配学员卡（可分配1张）' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: '选择员工' });
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByTitle('李强（138****8000）'));
    fireEvent.click(await screen.findByTitle('陈静（138****8000）'));
    expect(await within(dialog).findByText(m.tooManyForSeats(2, 1))).toBeInTheDocument();
  });
});

describe('/center/training/assignments 课程指派', () => {
  const assignable: Assignable = {
    courses: [{ id: 5, title: '新收入准则实务', price_type: 'free', credits: 30 }],
    plans: [{ id: 2, name: '年度必修', description: '', course_titles: ['a', 'b'] }],
  };

  it('builds the body from the dialog’s choices', () => {
    const deadline = { format: () => '2026-12-31' } as never;
    expect(assignmentBody({ kind: 'course', target: 5, audience: 'everyone', employment_ids: [11], deadline })).toEqual({
      course_id: 5,
      everyone: true,
      employment_ids: [],
      deadline: '2026-12-31',
    });
    expect(assignmentBody({ kind: 'plan', target: 2, audience: 'some', employment_ids: [11, 12], deadline })).toEqual({
      plan_id: 2,
      everyone: false,
      employment_ids: [11, 12],
      deadline: '2026-12-31',
    });
  });

  it('lists the assignments with their completion and asks before 撤销', async () => {
    const { calls } = renderAt('/center/training/assignments', <CompanyAssignmentsPage />, {
      'GET /api/company_training/assignments': ok([
        { id: 9, course_id: 5, course_title: '新收入准则实务', plan_name: '年度必修', everyone: true, deadline: '2026-12-31', created_at: '2026-11-01T02:00:00.000Z', counts: { total: 3, done: 1, overdue: 2 } },
      ]),
      'GET /api/company_training/assignable': ok(assignable),
      'DELETE /api/company_training/assignments/9': ok(null, m.assignmentCancelled),
    });
    const tr = (await screen.findByText('新收入准则实务')).closest('tr')!;
    expect(within(tr).getByText('全体员工')).toBeInTheDocument();
    expect(within(tr).getByText('1 / 3')).toBeInTheDocument();
    expect(within(tr).getByText('2人')).toBeInTheDocument();
    fireEvent.click(within(tr).getByRole('button', { name: '撤销指派新收入准则实务' }));
    fireEvent.click(await screen.findByRole('button', { name: /^撤\s?销$/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('asks for a course and a deadline in Chinese before assigning', async () => {
    const { calls } = renderAt('/center/training/assignments', <CompanyAssignmentsPage />, {
      'GET /api/company_training/assignments': ok([]),
      'GET /api/company_training/assignable': ok(assignable),
    });
    fireEvent.click(await screen.findByRole('button', { name: '指派课程' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /^指\s?派$/ }));
    expect(await within(dialog).findByText(m.courseRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(m.deadlineRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
