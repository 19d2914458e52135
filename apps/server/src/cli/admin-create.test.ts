// `npm run admin:create` on an empty database: the command creates the first administrator, who then logs in and
// reaches the staff endpoints. Runs the real command (src/cli/admin-create.ts) in a child process.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleMessages, staffMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/client';
import { ManualClock } from '../lib/clock';
import { fixtureWebDistDir } from '../testing/test-app';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const PHONE = '13912340001';
const PASSWORD = 'First_admin1';

function adminCreate(dataDir: string, args: string[], stdin: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin-create.ts', ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-create-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('npm run admin:create', () => {
  it('refuses without --phone, and refuses a password outside SPEC §5 without creating anything', async () => {
    const noPhone = await adminCreate(dataDir, [], `${PASSWORD}\n`);
    expect(noPhone.code).toBe(2);
    expect(noPhone.stderr).toContain(staffMessages.phoneArgumentMissing);
    const weak = await adminCreate(dataDir, ['--phone', PHONE], 'abc\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain(ruleMessages.passwordInvalid);
  }, 120_000);

  it('creates the first administrator on an empty database, who logs in and reaches the staff endpoints', async () => {
    const run = await adminCreate(dataDir, ['--phone', PHONE], `${PASSWORD}\n`);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(staffMessages.adminCreated(PHONE));

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: fixtureWebDistDir,
    });
    const database = await openDatabase(config);
    const app = await buildApp({ config, db: database.db, clock: new ManualClock(), logger: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/users/account_login',
        payload: { phone: PHONE, password: PASSWORD },
      });
      const data = (login.json() as { data: { token: string; user: { staff_roles: string[] } } }).data;
      expect(data.user.staff_roles).toEqual(['admin']);
      const headers = { token: data.token };
      const staff = await app.inject({ method: 'GET', url: '/api/admin/staff', headers });
      expect((staff.json() as { data: { phone: string }[] }).data.map((s) => s.phone)).toEqual([PHONE]);
      const audit = await app.inject({ method: 'GET', url: '/api/admin/audit', headers });
      const entries = (audit.json() as { data: { list: { action: string; actor_phone: string | null }[] } })
        .data.list;
      expect(entries).toEqual([expect.objectContaining({ action: 'staff.admin_create', actor_phone: null })]);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
