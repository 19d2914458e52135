import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersMessages, type Invoice, type MemberPlan } from '@app/contracts';
import { createStorage } from '../../lib/storage';
import { pdfFixture } from '../../testing/pdfs';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { annualPlan, createOrder, payThroughCashier } from './members.test-support';

let t: TestApp;
let annual: MemberPlan;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp({ storage: 's3' });
  annual = await annualPlan(t);
  staff = await createUser(t, { staff: true });
});
afterAll(() => t.close());

const PDF = pdfFixture();
const get = (url: string, user: TestUser | null) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

describe('issued invoices on object storage', () => {
  it('keeps the PDF in the bucket and gives its owner and staff a signed download link, anyone else 404 and no link', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const order = await payThroughCashier(t, user, await createOrder(t, user, { product_type: 'member', product_id: annual.id }));
    const inv = (
      await t.app.inject({
        method: 'POST',
        url: '/api/invoices',
        headers: user.headers,
        payload: { order_id: order.id, title_type: 'personal', title: '李明', email: 'liming@example.com' },
      })
    ).json().data as Invoice;
    const boundary = '----invoiceS3';
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${inv.id}/issue`,
      headers: { ...staff.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="i.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(issued.statusCode).toBe(200);
    const keys: string[] = [];
    for await (const f of createStorage(t.config).list('uploads/invoices/')) keys.push(f.key);
    expect(keys).toHaveLength(1);

    for (const viewer of [user, staff]) {
      const res = await get(`/api/invoices/${inv.id}/pdf`, viewer);
      expect(res.statusCode).toBe(302);
      const file = await fetch(res.headers.location!);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice-\d+\.pdf"$/);
      expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    }
    const denied = await get(`/api/invoices/${inv.id}/pdf`, other);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().message).toBe(membersMessages.invoiceNotFound);
    expect(denied.headers.location).toBeUndefined();
    expect((await get(`/api/invoices/${inv.id}/pdf`, null)).headers.location).toBeUndefined();
  });
});
