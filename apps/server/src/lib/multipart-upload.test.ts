import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createUser, type TestUser } from '../testing/test-users';
import { uploadMessages } from './multipart-upload';
import { PNG } from '../testing/images';

let t: TestApp;
let base: string;
let person: TestUser;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  // Real sockets: the cut-file bug only showed over TCP, where the body arrives in many chunks.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  person = await createUser(t);
  staff = await createUser(t, { staff: true });
});
afterAll(() => t.close());


async function post(url: string, token: string, body: FormData | Buffer, contentType?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { token, ...(contentType ? { 'content-type': contentType } : {}) },
    body,
  });
  const json = (await res.json()) as { code: number; message: string; data: { avatar?: string } | null };
  expect(json.code).toBe(res.status);
  return json;
}

function form(files: Array<[string, Buffer]>, fields: Array<[string, string]> = []) {
  const f = new FormData();
  for (const [name, bytes] of files) f.append(name, new Blob([bytes], { type: 'image/png' }), 'a.png');
  for (const [k, v] of fields) f.append(k, v);
  return f;
}

const avatarDir = () => path.join(t.config.dataDir, 'uploads', 'avatars');
const stored = async () => (await readdir(avatarDir()).catch(() => [])).sort();

describe('readUpload over a listening server', () => {
  it('answers 413 to a 4 MB avatar in 20 of 20 tries and keeps the stored avatar', async () => {
    const first = await post('/api/users/avatar', person.token, form([['file', PNG]]));
    expect(first.code).toBe(200);
    const kept = first.data!.avatar!;
    const keptBytes = await readFile(path.join(avatarDir(), path.basename(kept)));
    const before = await stored();

    const big = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024 - PNG.length, 7)]);
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await post('/api/users/avatar', person.token, form([['file', big]]));
      codes.push(res.code);
      if (res.code === 413) expect(res.message).toBe(authMessages.avatarTooLarge);
    }
    expect(codes).toEqual(Array(20).fill(413));
    expect(await stored()).toEqual(before);
    expect(await readFile(path.join(avatarDir(), path.basename(kept)))).toEqual(keptBytes);
    const me = await post('/api/users/get_current_user', person.token, Buffer.from('{}'), 'application/json');
    expect(me.data!.avatar).toBe(kept);
  });

  it('answers 400 to a file followed by 1,000 fields', async () => {
    const fields = Array.from({ length: 1000 }, (_, i): [string, string] => [`f${i}`, 'x']);
    const res = await post('/api/users/avatar', person.token, form([['file', PNG]], fields));
    expect(res.code).toBe(400);
    expect(res.message).toBe(uploadMessages.extraField);
  });

  it('answers 400 to 50 files', async () => {
    const files = Array.from({ length: 50 }, (): [string, Buffer] => ['file', PNG]);
    const res = await post('/api/users/avatar', person.token, form(files));
    expect(res.code).toBe(400);
    expect(res.message).toBe(uploadMessages.extraFile);
  });

  it('answers 400 to a broken multipart body on the avatar and an admin upload route', async () => {
    const garbage = Buffer.from('--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG garbage without an end');
    for (const [url, token] of [
      ['/api/users/avatar', person.token],
      ['/api/admin/course_images', staff.token],
    ] as const) {
      for (const body of [garbage, Buffer.from('not multipart at all \x00\xff')]) {
        const res = await post(url, token, body, 'multipart/form-data; boundary=zzz');
        expect(res.code, url).toBe(400);
      }
    }
  });
});
