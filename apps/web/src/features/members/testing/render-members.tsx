import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { MemberPlan, Order } from '@app/contracts';
import { TestAntdStyles } from '@/testing/antd-styles';
import { createTestQueryClient, resetSession, type SessionSeed } from '@/testing/render';

/** One members screen at `path` without the site shell; any other path renders a marker with the URL. */
export function renderMemberScreen(routePath: string, screen: ReactNode, path: string, options: { session?: SessionSeed } = {}) {
  resetSession(options.session);
  const router = createMemoryRouter(
    [
      { path: routePath, element: screen },
      { path: '*', element: <div>其他页面</div> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createTestQueryClient();
  const result = render(
    <TestAntdStyles>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={zhCN}>
          <AntApp>
            <RouterProvider router={router} />
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </TestAntdStyles>,
  );
  return { router, queryClient, ...result };
}

export function makePlan(overrides: Partial<MemberPlan> = {}): MemberPlan {
  return {
    id: 1,
    name: '年度会员',
    description: '365天会员权益',
    price: 29800,
    period_days: 365,
    benefits_primary: ['每年免费直播课6次', '每年120门财务类、60门非财务类线上课程', '会员专享课程免费学', '课程6折起', '专家财税答疑2个工作日内回复', '2次免费风险检测报告', '每月一期电子杂志'],
    benefits_secondary: ['招聘平台', '全国人才库', '1次免费职业测评', '1次专题研讨会', '个人人才码'],
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  const created = new Date();
  return {
    id: 501,
    order_no: 'M202611220001',
    product_type: 'member',
    product_id: 1,
    subject: '年度会员',
    quantity: 1,
    amount: 29800,
    list_price: 29800,
    state: 'pending',
    channel: null,
    created_at: created.toISOString(),
    expires_at: new Date(created.getTime() + 30 * 60_000).toISOString(),
    paid_at: null,
    cancelled_at: null,
    member_end_at: null,
    invoice: null,
    invoiceable: false,
    ...overrides,
  };
}
