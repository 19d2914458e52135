// A production install on an empty PostgreSQL: the built server starts with NODE_ENV=production (no demo data), the
// built `admin:create` makes the first administrator, who logs in and reaches the staff console's endpoints.
// Needs TEST_DATABASE_URL and `npm run build`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createDatabase, freePort, root, serverProcess } from './lib/stack.mjs';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('TEST_DATABASE_URL is required');
const PHONE = '13912340088';
const PASSWORD = 'Prod_admin2026';
const tmp = mkdtempSync(path.join(tmpdir(), 'first-admin-pg-'));
let db;
let server;

const productionEnv = () => ({
  DATABASE_URL: db.url,
  DATA_DIR: tmp,
  NODE_ENV: 'production',
  // Production refuses to guess a payment channel; the sandbox is named explicitly for a site taking no payments.
  PAYMENT_PROVIDER: 'sandbox',
});

/** Runs the built `admin:create` with the password piped on stdin, as a script would. */
function adminCreate(args, stdin) {
  const child = spawn(process.execPath, [path.join(root, 'apps', 'server', 'dist', 'admin-create.js'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...productionEnv() },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c.toString()));
  child.stderr.on('data', (c) => (stderr += c.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

async function call(method, url, { token, body } = {}) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

before(async () => {
  db = await createDatabase(adminUrl, 'first_admin');
  server = serverProcess({ name: 'prod', port: await freePort(), env: productionEnv() });
  await server.start();
});
after(async () => {
  await server?.stop();
  await db?.drop();
  rmSync(tmp, { recursive: true, force: true });
});

test('a production start on an empty PostgreSQL has no accounts, and no demo account logs in', async () => {
  const { rows } = await db.pool.query('select count(*)::int as n from users');
  assert.equal(rows[0].n, 0);
  const demo = await call('POST', '/api/users/account_login', { body: { phone: '13800138009', password: 'admin_1234' } });
  assert.notEqual(demo.body.code, 200);
});

test('admin:create makes the first administrator while the server runs, who logs in and reaches /admin endpoints', async () => {
  const run = await adminCreate(['--phone', PHONE], `${PASSWORD}\n`);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, new RegExp(PHONE));

  const login = await call('POST', '/api/users/account_login', { body: { phone: PHONE, password: PASSWORD } });
  assert.equal(login.body.code, 200, login.body.message);
  assert.deepEqual(login.body.data.user.staff_roles, ['admin']);
  const token = login.body.data.token;

  const staff = await call('GET', '/api/admin/staff', { token });
  assert.equal(staff.body.code, 200, staff.body.message);
  assert.deepEqual(
    staff.body.data.map((s) => s.phone),
    [PHONE],
  );
  const audit = await call('GET', '/api/admin/audit', { token });
  assert.equal(audit.body.code, 200, audit.body.message);
  assert.ok(audit.body.data.list.some((e) => e.action === 'staff.admin_create'));
  // The console's home: the dashboard answers on the empty database.
  const dashboard = await call('GET', '/api/admin/dashboard', { token });
  assert.equal(dashboard.body.code, 200, dashboard.body.message);

  // The /admin page itself is served by the production build.
  const page = await fetch(`${server.base}/admin`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<div id="root"/);
});

test('admin:create refuses a password outside SPEC §5 and creates nobody', async () => {
  const run = await adminCreate(['--phone', '13912340089'], 'short\n');
  assert.notEqual(run.code, 0);
  const { rows } = await db.pool.query(`select count(*)::int as n from users where phone = '13912340089'`);
  assert.equal(rows[0].n, 0);
});
