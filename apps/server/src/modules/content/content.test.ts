import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_TYPES, LEARNING_BASES, type CommonData, type ProblemGroup } from '@app/contracts';
import { contentSiteSettings } from './content.table';
import { COMMON_DATA_TTL_MS } from './content.service';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_NAME: '测试协会培训平台' } });
});
afterAll(() => t.close());

describe('GET /api/problems', () => {
  it('groups at least six problems per guide type, in HELP_TYPES order with the Chinese group name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/problems' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: number; data: ProblemGroup[] };
    expect(body.code).toBe(200);
    expect(body.data.map((g) => [g.ttype, g.name])).toEqual(HELP_TYPES.map((h) => [h.value, h.label]));
    for (const group of body.data) {
      expect(group.problems.length).toBeGreaterThanOrEqual(6);
      expect(group.problems.every((p) => p.ttype === group.ttype)).toBe(true);
      const sorts = group.problems.map((p) => p.sort);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
      expect(group.problems[0]!.content.length).toBeGreaterThan(30);
    }
  });

  it('drops fields the response schema does not declare', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/problems' });
    const first = (res.json() as { data: ProblemGroup[] }).data[0]!.problems[0]!;
    expect(Object.keys(first).sort()).toEqual(['content', 'id', 'name', 'sort', 'ttype']);
  });
});

describe('GET /api/common_data', () => {
  it('answers the site name from config, contacts, filing numbers and the learning bases', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/common_data' });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: CommonData }).data;
    expect(data.site_name).toBe('测试协会培训平台');
    expect(data.working_hours).toBe('09:00-17:00');
    expect(data.contact_phones.length).toBeGreaterThan(0);
    expect(data.contact_phones.every((p) => p.startsWith('010-'))).toBe(true);
    expect(data.mailbox).toMatch(/^[\w.]+@[\w.-]+\.\w+$/);
    expect(data.filing_numbers.map((f) => f.text).join(' ')).toMatch(/ICP备.*公网安备/);
    expect(data.association_url).toMatch(/^https:\/\//);
    expect(data.learning_bases).toEqual(LEARNING_BASES);
  });

  it('serves edits only after the short cache expires', async () => {
    await t.app.inject({ method: 'GET', url: '/api/common_data' });
    await t.db
      .update(contentSiteSettings)
      .set({ value: '08:30-17:30' })
      .where((await import('drizzle-orm')).eq(contentSiteSettings.key, 'working_hours'));
    const cached = await t.app.inject({ method: 'GET', url: '/api/common_data' });
    expect((cached.json() as { data: CommonData }).data.working_hours).toBe('09:00-17:00');
    t.clock.advance(COMMON_DATA_TTL_MS + 1);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/common_data' });
    expect((fresh.json() as { data: CommonData }).data.working_hours).toBe('08:30-17:30');
  });

  it('serves the QR code image of the association website as SVG', async () => {
    const data = (await t.app.inject({ method: 'GET', url: '/api/common_data' })).json() as {
      data: CommonData;
    };
    const res = await t.app.inject({ method: 'GET', url: data.data.qr_code_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.body).toContain('<path');
  });
});
