import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calculatorById } from '@app/contracts/tools/tools.catalog';
import { mockApi } from '@/testing/mock-api';
import { renderScreen } from '@/testing/render-screen';
import { CalculatorPanel } from './calculator-panel';

vi.setConfig({ testTimeout: 60_000 });

const path = '/financeTool/toolInfo/:id';

describe('CalculatorPanel', () => {
  it('computes from the inputs in the URL without calling the server', async () => {
    const { calls } = mockApi({});
    renderScreen(path, <CalculatorPanel tool={calculatorById('loan')!} />, '/financeTool/toolInfo/loan?rate=4.9');
    expect(await screen.findByText('5,307.27 元')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the Chinese message next to the field and no result for bad input, and writes fixed input to the URL', async () => {
    const { router } = renderScreen(path, <CalculatorPanel tool={calculatorById('iit-salary')!} />, '/financeTool/toolInfo/iit-salary?wage=-1');
    expect(await screen.findByText('每月税前工资不能为负数')).toBeInTheDocument();
    expect(screen.queryByText('计算结果')).not.toBeInTheDocument();
    expect(screen.getByLabelText('每月税前工资（元）')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('每月税前工资（元）')).toHaveAccessibleDescription('每月税前工资不能为负数');
    fireEvent.change(screen.getByLabelText('每月税前工资（元）'), { target: { value: '10000' } });
    expect(await screen.findByText('计算结果')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toContain('wage=10000'));
  });

  it('shows the fields a choice needs only when it is chosen', async () => {
    renderScreen(path, <CalculatorPanel tool={calculatorById('iit-salary')!} />, '/financeTool/toolInfo/iit-salary?elderly=shared&elderlyShared=1600');
    expect(await screen.findByText('非独生子女每人每月分摊的赡养老人扣除不能超过1,500元')).toBeInTheDocument();
    expect(screen.getByLabelText('每月分摊的赡养老人扣除（元）')).toBeInTheDocument();
  });

  it('pages a long table 24 rows at a time', async () => {
    renderScreen(path, <CalculatorPanel tool={calculatorById('loan')!} />, '/financeTool/toolInfo/loan?principal=1000000&rate=4.9&months=360&method=annuity');
    expect(await screen.findByText('5,307.27 元')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: '分页' });
    expect(within(pager).getByRole('button', { name: '第 15 页' })).toBeInTheDocument();
    const schedule = screen.getAllByRole('region').find((r) => within(r).queryByRole('table'))!;
    expect(within(schedule).getAllByRole('row')).toHaveLength(25);
    expect(within(schedule).getAllByRole('row')[1]).toHaveTextContent(/^1/);
    fireEvent.click(within(pager).getByRole('button', { name: '第 2 页' }));
    expect(within(schedule).getAllByRole('row')[1]).toHaveTextContent(/^25/);
  });
});
