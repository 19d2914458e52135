// Every staff endpoint declares one permission, and each role reaches exactly the endpoints its permissions allow:
// the matrix is walked from the OpenAPI document, so a new staff endpoint is covered without editing this file.
import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  staffMessages,
  type Permission,
  type StaffRole,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, sessionFor, type TestUser } from '../../testing/test-users';

interface Operation {
  security?: { token?: string[] }[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Routes that any staff role may call (guards.requireStaff). Empty: every staff route names its permission. */
const ANY_STAFF_ROUTES: string[] = [];

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
});
afterAll(() => t.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface StaffRoute {
  method: Uppercase<(typeof METHODS)[number]>;
  path: string;
  url: string;
  /** Scopes of the `token` security requirement: the permission, `staff`, or none. */
  scopes: string[];
}

function allRoutes(): StaffRoute[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    METHODS.filter((m) => ops[m]).map((method) => ({
      method: method.toUpperCase() as StaffRoute['method'],
      path,
      url: path.replace(/\{[^}]+\}/g, '1'),
      scopes: (ops[method]!.security ?? []).flatMap((s) => s.token ?? []),
    })),
  );
}

/** Staff routes: under /api/admin/, or guarded by a staff guard anywhere else. */
const staffRoutes = () => allRoutes().filter((r) => r.path.startsWith('/api/admin/') || r.scopes.length > 0);
const permissionOf = (r: StaffRoute) => r.scopes[0] as Permission;

describe('staff permissions', () => {
  it('every staff route declares exactly one known permission (requireStaff only where listed)', () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const wrong = routes
      .filter((r) => !(ANY_STAFF_ROUTES.includes(`${r.method} ${r.path}`) && r.scopes[0] === 'staff'))
      .filter((r) => r.scopes.length !== 1 || !(PERMISSIONS as readonly string[]).includes(r.scopes[0]!))
      .map((r) => `${r.method} ${r.path}: ${JSON.stringify(r.scopes)}`);
    expect(wrong).toEqual([]);
  });

  it('the staff routes cover the existing kinds of staff work', () => {
    const declared = new Set(staffRoutes().map(permissionOf));
    for (const p of [
      'staff_roles',
      'audit',
      'stars',
      'invoices',
      'risk_checks',
      'qa',
      'moderation',
      'exams',
      'grading',
      'companies',
      'job_posts',
    ] as Permission[]) {
      expect(declared, p).toContain(p);
    }
  });

  describe.each(STAFF_ROLES.map((role) => [role]))('role %s', (role: StaffRole) => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(t, { staff: [role], nickname: `角色${role}` });
    });

    it('is refused with 403 and the permission named on every staff route outside its permissions, and let through on the others', async () => {
      const allowed = new Set<Permission>(ROLE_PERMISSIONS[role]);
      const wrong: string[] = [];
      for (const r of staffRoutes()) {
        const res = await t.app.inject({ method: r.method, url: r.url, headers: user.headers });
        // A file download (an Excel template) answers with its bytes, not an envelope.
        const body = (res.headers['content-type']?.toString().includes('json') ? res.json() : {}) as {
          code?: number;
          message?: string;
        };
        const p = permissionOf(r);
        if (allowed.has(p)) {
          if (res.statusCode === 403 || res.statusCode === 406)
            wrong.push(`${r.method} ${r.url} (${p}): ${res.statusCode} ${body.message}`);
        } else if (res.statusCode !== 403 || body.message !== staffMessages.permissionDenied(p)) {
          wrong.push(`${r.method} ${r.url} (${p}): ${res.statusCode} ${body.message}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });

  it('an account holding two roles has the union of their permissions', async () => {
    const both = await createUser(t, { staff: ['finance', 'grader'] });
    const invoices = await t.app.inject({ method: 'GET', url: '/api/admin/invoices', headers: both.headers });
    const grading = staffRoutes().find((r) => permissionOf(r) === 'grading' && r.method === 'GET')!;
    const queue = await t.app.inject({ method: 'GET', url: grading.url, headers: both.headers });
    const stars = staffRoutes().find((r) => permissionOf(r) === 'stars' && r.method === 'GET')!;
    const refused = await t.app.inject({ method: 'GET', url: stars.url, headers: both.headers });
    expect([invoices.statusCode, queue.statusCode, refused.statusCode]).toEqual([200, 200, 403]);
  });

  it('the demo staff accounts hold the roles the README gives them', async () => {
    const expectations: [string, string[]][] = [
      ['13800138009', ['admin']],
      ['13800138005', ['admin']],
      ['13800138008', ['finance']],
      ['13800138007', ['grader']],
      ['13800138006', ['reviewer']],
    ];
    for (const [phone, roles] of expectations) {
      const s = await sessionFor(t, phone);
      const me = await t.app.inject({
        method: 'POST',
        url: '/api/users/get_current_user',
        headers: s.headers,
      });
      const data = (me.json() as { data: { staff_roles: string[]; is_staff: boolean } }).data;
      expect({ phone, roles: data.staff_roles, staff: data.is_staff }).toEqual({ phone, roles, staff: true });
    }
  });
});
