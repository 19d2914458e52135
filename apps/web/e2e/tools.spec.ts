import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { registerAccount, useToken } from './support/session';

/** Smart finance tools: the calculators (in the browser, offline too), the toolbox, and the financial risk check. */

const OUT = '/tmp/tools-e2e';
mkdirSync(OUT, { recursive: true });

type Envelope<T> = { code: number; message: string; data: T };
async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, token: string, data?: object): Promise<T> {
  const res = method === 'GET' ? await request.get(url, { headers: { token } }) : await request.post(url, { headers: { token }, data: data ?? {} });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${url}: ${body.message}`).toBe(200);
  return body.data;
}

/** Pays an order through the sandbox cashier's API, as the sandbox wallet does. */
async function payOrder(request: APIRequestContext, token: string, orderId: number) {
  const pay = await api<{ pay_url: string }>(request, 'POST', `/api/orders/${orderId}/pay`, token);
  const url = new URL(pay.pay_url);
  await api(request, 'POST', '/api/payments/sandbox/confirm', token, { order_no: url.searchParams.get('order_no'), token: url.searchParams.get('token') });
}

async function freshAccount(request: APIRequestContext, member: boolean): Promise<string> {
  const account = await registerAccount(request, 'personal');
  if (!account) throw new Error('the accounts API is missing from this build');
  if (member) {
    const plans = await api<{ id: number }[]>(request, 'GET', '/api/members', account.token);
    const order = await api<{ id: number }>(request, 'POST', '/api/orders', account.token, { product_type: 'member', product_id: plans[0]!.id });
    await payOrder(request, account.token, order.id);
  }
  return account.token;
}

const summary = (page: Page) => page.getByTestId('tool-summary');

test.describe('calculators', () => {
  const cases: [string, string, string][] = [
    ['iit-salary', 'wage=30000&social=4500&children=1&childrenShare=50&elderly=shared&elderlyShared=1000', '555.00 元'],
    ['year-end-bonus', 'bonus=36000&wages=600000&social=0&special=0', '单独计税'],
    ['iit-annual', 'wages=180000&labour=10000&author=10000&royalty=5000&social=24000&special=24000&illness=0&pension=0&other=0&withheld=7000', '560.00 元'],
    ['social-insurance', 'city=beijing&wage=5000&fund=12', '7,162.00 元'],
    ['vat', 'taxpayer=general&rate=13&basis=inclusive&amount=113000', '13,000.00 元'],
    ['corporate-tax', 'taxable=2000000&headcount=80&assets=20000000&industry=yes&hightech=no', '100,000.00 元'],
    ['loan', 'principal=1000000&rate=4.9&months=360&method=annuity', '5,307.27 元'],
    ['investment', 'mode=periodic&rate=8&flows=-70000,12000,15000,18000,21000,26000', '8.6631%'],
    ['depreciation', 'method=ddb&cost=100000&salvage=4000&years=5', '40,000.00 元'],
  ];
  for (const [id, query, expected] of cases) {
    test(`${id} computes its known case from inputs in the URL`, async ({ page }) => {
      await page.goto(`/financeTool/toolInfo/${id}?year=2026&${query}`);
      await expect(summary(page)).toContainText(expected);
      await expect(page.getByText('计算过程')).toBeVisible();
    });
  }

  test('the year-end bonus shows the 1,080 separate tax and the policy end date', async ({ page }) => {
    await page.goto('/financeTool/toolInfo/year-end-bonus?year=2026&bonus=36000&wages=600000&social=0&special=0');
    await expect(page.getByRole('cell', { name: '1,080.00' })).toBeVisible();
    await expect(summary(page)).toContainText('2027-12-31');
    await expect(page.getByText('财政部 税务总局公告2023年第30号').first()).toBeVisible();
  });

  test('bad input shows a Chinese message next to the field and no result; fixing it brings the result back into the URL', async ({ page }) => {
    await page.goto('/financeTool/toolInfo/iit-salary');
    await expect(summary(page)).toBeVisible();
    const wage = page.getByLabel('每月税前工资（元）');
    await wage.fill('-1');
    await expect(page.getByText('每月税前工资不能为负数')).toBeVisible();
    await expect(summary(page)).toHaveCount(0);
    await wage.fill('12000.555');
    await expect(page.getByText('每月税前工资最多保留两位小数')).toBeVisible();
    await wage.fill('12000');
    await expect(summary(page)).toBeVisible();
    await expect(page).toHaveURL(/wage=12000/);
    await page.getByLabel('起始月份').fill('13');
    await expect(page.getByText('起始月份应在1至12之间')).toBeVisible();
    await page.goto('/financeTool/toolInfo/loan?months=0');
    await expect(page.getByText('贷款期限必须大于0')).toBeVisible();
    await page.goto('/financeTool/toolInfo/investment?flows=100,200,300');
    await expect(page.getByText('现金流没有正负变化')).toBeVisible();
  });

  test('keeps computing offline once the page has loaded', async ({ page, context }) => {
    await page.goto('/financeTool/toolInfo/vat?amount=113000');
    await expect(summary(page)).toContainText('13,000.00 元');
    await context.setOffline(true);
    await page.getByLabel('金额（元）').fill('226000');
    await expect(summary(page)).toContainText('26,000.00 元');
    await context.setOffline(false);
  });

  test('exports the result as an Excel workbook', async ({ page }) => {
    await page.goto('/financeTool/toolInfo/depreciation');
    await expect(summary(page)).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('固定资产折旧计算器.xlsx');
    const file = `${OUT}/depreciation.xlsx`;
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
  });
});

test.describe('tool lists', () => {
  test('/financeTool lists the tools by group and the search narrows them', async ({ page }) => {
    await page.goto('/financeTool');
    for (const g of ['个人所得税', '社保公积金', '企业税费', '贷款与投资', '资产折旧', '财务分析'])
      await expect(page.getByRole('heading', { name: g, exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: '搜索工具' }).fill('年终奖');
    await expect(page.getByRole('heading', { name: '个人所得税', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '企业税费', exact: true })).toHaveCount(0);
    await page.getByText('全年一次性奖金计税比较').click();
    await expect(page).toHaveURL(/\/financeTool\/toolInfo\/year-end-bonus/);
  });

  test('/toolpage holds every calculator in tabs, with the tab in the URL', async ({ page }) => {
    await page.goto('/toolpage');
    await expect(page.getByRole('tab')).toHaveCount(9);
    await page.getByRole('tab', { name: '增值税' }).click();
    await expect(page).toHaveURL(/tab=vat/);
    await expect(summary(page)).toContainText('13,000.00 元');
  });
});

test.describe('risk check', () => {
  test('a member runs the check on the template, gets the PDF, and the third report of the year asks to pay', async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await freshAccount(request, true);
    await useToken(page, token);
    const template = await request.get('/api/risk-checks/template.xlsx');
    expect(template.status()).toBe(200);
    writeFileSync(`${OUT}/template.xlsx`, await template.body());

    for (let i = 1; i <= 2; i++) {
      await page.goto('/financeTool/toolInfo/risk-check');
      await expect(page.getByText(`剩余${3 - i}份`)).toBeVisible();
      await page.locator('input[type=file]').setInputFiles(`${OUT}/template.xlsx`);
      await expect(page.getByLabel('企业名称')).toHaveValue('杭州瑞丰商贸有限公司');
      await expect(page.getByLabel('本年经营活动产生的现金流量净额')).toHaveValue('-1180000');
      await page.getByRole('button', { name: '生成检测报告' }).click();
      await expect(page).toHaveURL(/\/center\/riskReports\/\d+$/);
      await expect(page.getByText('利润增长但经营现金流为负')).toBeVisible();
      await expect(page.getByText('存货增长远超收入增长')).toBeVisible();
      await expect(page.getByText('税负率明显低于行业平均')).toBeVisible();
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载PDF报告' }).click()]);
    const pdf = `${OUT}/report.pdf`;
    await download.saveAs(pdf);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, `${OUT}/report-page`]);
    expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain('财务风险检测报告');

    await page.goto('/financeTool/toolInfo/risk-check');
    await expect(page.getByText('剩余0份')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(`${OUT}/template.xlsx`);
    await expect(page.getByLabel('企业名称')).toHaveValue('杭州瑞丰商贸有限公司');
    await page.getByRole('button', { name: '生成检测报告' }).click();
    await expect(page.getByText('本次检测需付费')).toBeVisible();
    await page.getByRole('button', { name: '去支付' }).click();
    await expect(page).toHaveURL(/\/payment\?order_no=/);
  });

  test("a non-member's third report asks to pay, and paying it opens the report", async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await freshAccount(request, false);
    await useToken(page, token);
    await page.goto('/financeTool/toolInfo/risk-check');
    await expect(page.getByText('非会员每份报告99.00元')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(`${OUT}/template.xlsx`);
    await expect(page.getByLabel('企业名称')).toHaveValue('杭州瑞丰商贸有限公司');
    const filled = await page.locator('table[aria-label="财务报表"] input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(filled.length).toBe(30);
    expect(filled.every((v) => v !== '')).toBe(true);
    // Two earlier reports through the API (each waits for payment), then the third through the page.
    const template = await request.get('/api/risk-checks/template.xlsx');
    const read = await request.post('/api/risk-checks/template', { headers: { token }, multipart: { file: { name: 't.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await template.body() } } });
    const data = ((await read.json()) as Envelope<object>).data;
    for (let i = 0; i < 2; i++) {
      const r = await api<{ state: string }>(request, 'POST', '/api/risk-checks', token, data);
      expect(r.state).toBe('awaiting_payment');
    }
    await page.getByRole('button', { name: '生成检测报告' }).click();
    await expect(page.getByText('本次检测需付费')).toBeVisible();
    await page.getByRole('button', { name: '去支付' }).click();
    await expect(page).toHaveURL(/\/payment\?order_no=/);
    const orderNo = new URL(page.url()).searchParams.get('order_no')!;
    const orders = await api<{ list: { id: number; order_no: string }[] }>(request, 'GET', '/api/orders', token);
    await payOrder(request, token, orders.list.find((o) => o.order_no === orderNo)!.id);
    await expect(page.getByText('支付成功，报告已生成')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: '查看报告' }).click();
    await expect(page.getByText('利润增长但经营现金流为负')).toBeVisible();
  });

  test('an uploaded sheet with a mislabelled row is refused with its row and column', async ({ page, request }) => {
    const token = await freshAccount(request, false);
    await useToken(page, token);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await (await request.get('/api/risk-checks/template.xlsx')).body()) as unknown as ArrayBuffer);
    wb.getWorksheet('财务报表')!.getCell('A5').value = '库存商品';
    writeFileSync(`${OUT}/bad.xlsx`, Buffer.from(await wb.xlsx.writeBuffer()));
    await page.goto('/financeTool/toolInfo/risk-check');
    await page.locator('input[type=file]').setInputFiles(`${OUT}/bad.xlsx`);
    await expect(page.getByTestId('sheet-errors')).toContainText('第5行A列：第5行项目应为“存货”，实际为“库存商品”');
  });
});
