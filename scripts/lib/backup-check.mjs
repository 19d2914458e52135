// Shared by the backup tests: a server with data in it, and the comparison of two databases.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * fetch that behaves as a patient client: a server just started may shed load while it warms up (503 with
 * Retry-After, plugins/load-shedding.ts), so such an answer is retried after the time it asks for, for up to a minute.
 */
export async function patientFetch(url, init) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(url, init);
    if (res.status !== 503 || Date.now() > deadline) return res;
    const wait = Math.min(Number(res.headers.get('retry-after') ?? 1) || 1, 5) * 1000;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** Registers a user through a running server and uploads an avatar; returns the phone and the avatar URL. */
export async function addUserWithAvatar(base, phone) {
  const post = (url, body, headers = {}) =>
    patientFetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const sent = await post('/api/users/send_msg', { phone, purpose: 'register' });
  assert.equal(sent.code, 200, `send_msg: ${JSON.stringify(sent)}`);
  // The code is in the dev outbox once the sender has written it; a server just started may take a moment.
  let code;
  for (let i = 0; i < 50 && !code; i++) {
    const outbox = await patientFetch(`${base}/api/dev/sms_outbox?phone=${phone}`).then((r) => r.json());
    code = /\d{6}/.exec(outbox.data?.at(-1)?.content ?? '')?.[0];
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  assert.ok(code, `no code in the dev outbox for ${phone}`);
  const reg = await post('/api/users/register', { phone, code, password: 'Backup_1234', role: 'personal' });
  assert.equal(reg.code, 200, `register: ${JSON.stringify(reg)}`);
  const form = new FormData();
  form.append('file', new Blob([PNG_1x1], { type: 'image/png' }), 'a.png');
  const up = await patientFetch(`${base}/api/users/avatar`, {
    method: 'POST',
    headers: { token: reg.data.token },
    body: form,
  }).then((r) => r.json());
  assert.equal(up.code, 200, `avatar: ${JSON.stringify(up)}`);
  return { phone, avatar: up.data.avatar };
}

/** Sample rows that must come back identical: users, courses, seed runs and the migrations journal. */
export const SAMPLES = [
  'select id, phone, role, password_hash, avatar, created_at from users order by id',
  'select * from courses order by id limit 20',
  'select name, ran_at from system_seed_runs order by name',
  'select hash, created_at from drizzle.__drizzle_migrations order by id',
];

export async function assertSameRows(queryA, queryB) {
  for (const sql of SAMPLES) {
    const [a, b] = [await queryA(sql), await queryB(sql)];
    assert.ok(a.length > 0, `${sql} has rows`);
    assert.deepEqual(b, a, sql);
  }
}

export function assertSameUpload(fromDataDir, toDataDir, avatarUrl) {
  const rel = avatarUrl.replace(/^\/uploads\//, '');
  assert.deepEqual(
    readFileSync(path.join(toDataDir, 'uploads', rel)),
    readFileSync(path.join(fromDataDir, 'uploads', rel)),
  );
}

/** Every stored file under `dataDir` (uploads/, videos/, magazines/): relative path -> SHA-256. */
export function storedFileDigests(dataDir) {
  const found = {};
  for (const d of ['uploads', 'videos', 'magazines']) {
    if (!existsSync(path.join(dataDir, d))) continue;
    for (const e of readdirSync(path.join(dataDir, d), { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue;
      const file = path.join(e.parentPath, e.name);
      found[path.relative(dataDir, file).split(path.sep).join('/')] = createHash('sha256')
        .update(readFileSync(file))
        .digest('hex');
    }
  }
  return found;
}
