import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '@app/contracts';
import { buildApp } from '../../app';
import type { App, AppModule } from '../../lib/app-module';
import { defineRoute } from '../../lib/define-route';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { auditActor, createAuditTrail } from './index';
import { auditLog } from './audit.table';

const envelope = z.object({ code: z.number(), message: z.string(), data: z.unknown() });

/** Two staff writes: one records its audit row in its transaction, the other forgets to. */
const probes: AppModule = (app, deps) => {
  const staff = { auth: deps.guards.requirePermission('content') };
  const audit = createAuditTrail(deps);
  defineRoute(
    app,
    { method: 'POST', path: '/api/admin/test_probe/recorded/:id', summary: 'probe', params: z.object({ id: z.coerce.number() }), response: envelope },
    async (request) => {
      await deps.db.transaction((tx) =>
        audit.record(tx, auditActor(request), { action: 'probe.recorded', entity: 'probe', entityId: request.params.id, before: null, after: { ok: true } }),
      );
      return ok(null);
    },
    staff,
  );
  defineRoute(
    app,
    { method: 'POST', path: '/api/admin/test_probe/forgotten/:id', summary: 'probe', params: z.object({ id: z.coerce.number() }), response: envelope },
    async () => ok(null),
    staff,
  );
};

let t: TestApp;
let admin: TestUser;
let learner: TestUser;
beforeAll(async () => {
  t = await createTestApp({ extraModules: [probes] });
  admin = await createUser(t, { staff: true });
  learner = await createUser(t);
});
afterAll(() => t.close());

const rows = async (entityId: string) =>
  (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, entityId)))[0]!.n;

describe('every staff write leaves an audit row', () => {
  it('a write that records its row answers as usual with exactly one row; a refused one leaves none', async () => {
    const done = await t.app.inject({ method: 'POST', url: '/api/admin/test_probe/recorded/9101', headers: admin.headers });
    expect(done.statusCode).toBe(200);
    expect(await rows('9101')).toBe(1);
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/test_probe/recorded/9102', headers: learner.headers });
    expect(refused.statusCode).toBe(403);
    expect(await rows('9102')).toBe(0);
  });

  it('under test a staff write that forgot its row answers 500 naming the route, so its own test fails', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/test_probe/forgotten/9103', headers: admin.headers });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('POST /api/admin/test_probe/forgotten/:id');
  });

  it('in production the forgotten write still gets a generic row, with who, what and which record', async () => {
    let prod: App | undefined;
    try {
      prod = await buildApp({
        config: { ...t.config, nodeEnv: 'production' },
        db: t.db,
        clock: t.clock,
        logger: false,
        extraModules: [probes],
      });
      const res = await prod.inject({ method: 'POST', url: '/api/admin/test_probe/forgotten/9104', headers: admin.headers });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, '9104'));
      expect(row).toMatchObject({ action: 'POST /api/admin/test_probe/forgotten/:id', actorId: admin.id, entity: 'test_probe' });
    } finally {
      await prod?.close();
    }
  });
});
