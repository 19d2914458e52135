import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { currentUrl } from '@/testing/render';
import { renderScreen } from '@/testing/render-screen';
import { makeOrder } from '../testing/member-fixtures';
import OrderPage from './order-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const session = { token: 't1', user: makeUser() };

describe('/center/order', () => {
  it('lists orders with state tags; pay goes to the order, cancel asks first, paid orders offer an invoice', async () => {
    let pending = makeOrder({ id: 1, order_no: 'P1', subject: '年度会员' });
    const paid = makeOrder({ id: 2, order_no: 'P2', subject: '高级财务分析', product_type: 'course', amount: 11940, state: 'paid', invoiceable: true });
    const api = mockApi({
      'GET /api/orders': () => ok({ list: [pending, paid], page: 1, per: 10, total: 2 }),
      'POST /api/orders/1/cancel': () => {
        pending = { ...pending, state: 'cancelled' };
        return ok(pending);
      },
    });
    const { router } = renderScreen('/center/order', <OrderPage />, '/center/order', { session });
    const row1 = (await screen.findByText('P1')).closest('tr')!;
    const row2 = screen.getByText('P2').closest('tr')!;
    expect(within(row1).getByText('待支付')).toBeInTheDocument();
    expect(within(row2).getByText('已支付')).toBeInTheDocument();
    expect(within(row2).getByText('¥119.40')).toBeInTheDocument();
    expect(within(row2).queryByRole('button', { name: '去支付' })).toBeNull();

    fireEvent.click(within(row1).getByRole('button', { name: /取消订单/ }));
    fireEvent.click(await screen.findByRole('button', { name: '确 定' }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/orders/1/cancel')).toBe(true));
    await waitFor(() => expect(within(screen.getByText('P1').closest('tr')!).getByText('已取消')).toBeInTheDocument());
    expect(within(screen.getByText('P1').closest('tr')!).queryByRole('button', { name: '去支付' })).toBeNull();

    fireEvent.click(within(row2).getByRole('button', { name: '申请发票' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/center/demand-invoice?order_id=2'));
  });

  it('去支付 opens the payment page of that order', async () => {
    mockApi({ 'GET /api/orders': ok({ list: [makeOrder({ order_no: 'P7' })], page: 1, per: 10, total: 1 }) });
    const { router } = renderScreen('/center/order', <OrderPage />, '/center/order', { session });
    fireEvent.click(await screen.findByRole('button', { name: '去支付' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment?order_no=P7'));
  });

  it('with no orders, offers a person membership and a company 学员卡 for its staff', async () => {
    mockApi({ 'GET /api/orders': ok({ list: [], page: 1, per: 10, total: 0 }) });
    const person = renderScreen('/center/order', <OrderPage />, '/center/order', { session });
    expect(await screen.findByRole('button', { name: '开通会员' })).toBeInTheDocument();
    person.unmount();
    renderScreen('/center/order', <OrderPage />, '/center/order', { session: { token: 't2', user: makeUser({ role: 'company' }) } });
    expect(await screen.findByRole('button', { name: '购买学员卡' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '开通会员' })).toBeNull();
  });
});
