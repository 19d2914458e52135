import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { talentMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser } from '../../testing/test-users';
import { PDF, upload } from './talent.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ storage: 's3' });
});
afterAll(() => t.close());

describe('talent attachments on object storage', () => {
  it('gives the owner a redirect to a signed link that works, and another member the same 404 as before and no link', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const up = await upload(t, owner, PDF, '证书.pdf');
    expect(up.status).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: up.json.data.url, headers: owner.headers });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toMatch(/^private/);
    const link = res.headers.location!;
    expect(link).toMatch(/X-Amz-Signature=/);
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    // The link is signed: changing the signature (or the object it names) is refused by the bucket.
    expect((await fetch(link.replace(/X-Amz-Signature=[0-9a-f]/, (s) => s.slice(0, -1) + (s.endsWith('0') ? '1' : '0')))).status).toBe(403);

    const denied = await t.app.inject({ method: 'GET', url: up.json.data.url, headers: other.headers });
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toMatchObject({ code: 404, message: talentMessages.attachmentNotFound });
    expect(denied.headers.location).toBeUndefined();
    expect(denied.body).not.toMatch(/X-Amz|https?:\/\//);
    const anonymous = await t.app.inject({ method: 'GET', url: up.json.data.url });
    expect(anonymous.statusCode).toBe(406);
    expect(anonymous.headers.location).toBeUndefined();
  });
});
