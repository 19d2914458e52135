import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { call, login, registerUser } from '../auth/auth.test-support';
import { PNG } from '../../testing/images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());


function multipart(fileName: string, content: Buffer, contentType: string) {
  const boundary = '----avatar-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string, fileName: string, content: Buffer, contentType = 'image/png') {
  const m = multipart(fileName, content, contentType);
  const res = await t.app.inject({ method: 'POST', url: '/api/users/avatar', payload: m.payload, headers: { ...m.headers, token } });
  const body = res.json() as { code: number; message: string; data: { avatar: string } | null };
  expect(res.statusCode).toBe(body.code);
  return body;
}

const avatarDir = () => path.join(t.config.dataDir, 'uploads', 'avatars');

describe('profile and user_setting', () => {
  it('prefills the settings page and saves profile fields', async () => {
    const u = await registerUser(t);
    const empty = await call(t, 'GET', '/api/users/profile', { token: u.token });
    expect(empty.data).toMatchObject({ id: u.id, phone: u.phone, nickname: null, real_name: null, gender: null });
    const saved = await call(t, 'POST', '/api/users/user_setting', {
      token: u.token,
      body: { nickname: '小张', real_name: '张三', id_number: '11010519491231002x', gender: 1, political_status: 2 },
    });
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ nickname: '小张', real_name: '张三', id_number: '11010519491231002X', gender: 1, political_status: 2 });
    // Left-out fields stay; null clears.
    const partial = await call(t, 'POST', '/api/users/user_setting', { token: u.token, body: { nickname: null } });
    expect(partial.data).toMatchObject({ nickname: null, real_name: '张三' });
    const me = await call(t, 'POST', '/api/users/get_current_user', { token: u.token });
    expect(me.data).toMatchObject({ nickname: null });
  });

  it('ignores role, is_member, phone and id in the body', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    const res = await call(t, 'POST', '/api/users/user_setting', {
      token: u.token,
      body: { nickname: '改名', role: 'company', is_member: true, is_staff: true, phone: '13900000000', id: other.id, member_end_at: '2099-01-01' },
    });
    expect(res.code).toBe(200);
    const me = await call(t, 'POST', '/api/users/get_current_user', { token: u.token });
    expect(me.data).toMatchObject({ id: u.id, phone: u.phone, role: 'personal', is_member: false, is_staff: false, nickname: '改名' });
    const theirs = await call(t, 'GET', '/api/users/profile', { token: other.token });
    expect(theirs.data).toMatchObject({ nickname: null });
  });

  it('checks the ID number (SPEC §5), gender and political status against the dictionaries', async () => {
    const u = await registerUser(t);
    const bad = await call<{ fieldErrors: Record<string, string> }>(t, 'POST', '/api/users/user_setting', {
      token: u.token,
      body: { id_number: '12345', gender: 5, political_status: 9, nickname: 'x'.repeat(21) },
    });
    expect(bad.code).toBe(400);
    expect(bad.data.fieldErrors).toMatchObject({
      id_number: '身份证号格式不正确',
      gender: authMessages.genderInvalid,
      political_status: authMessages.politicalStatusInvalid,
      nickname: authMessages.nicknameTooLong,
    });
  });

  it('needs a login', async () => {
    expect((await call(t, 'GET', '/api/users/profile')).code).toBe(406);
    expect((await call(t, 'POST', '/api/users/user_setting', { body: { nickname: 'a' } })).code).toBe(406);
  });
});

describe('avatar upload', () => {
  it('stores a PNG under a random name and serves it with its type and nosniff', async () => {
    const u = await registerUser(t);
    const res = await upload(u.token, 'me.jpg', PNG, 'image/jpeg');
    expect(res.code).toBe(200);
    expect(res.data!.avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: res.data!.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Re-encoded as WebP, so not the bytes that were sent; the narrower copy is served beside it.
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const copy = res.data!.avatar.replace('.webp', '-160.webp');
    expect((await t.app.inject({ method: 'GET', url: copy })).headers['content-type']).toBe('image/webp');
    const me = await call<{ avatar: string }>(t, 'POST', '/api/users/get_current_user', { token: u.token });
    expect(me.data.avatar).toBe(res.data!.avatar);
    // A new upload replaces the file.
    const again = await upload(u.token, 'me.png', PNG);
    // The old avatar and its copy are gone.
    const oldBase = path.basename(res.data!.avatar, '.webp');
    expect((await readdir(avatarDir())).filter((f) => f.startsWith(oldBase))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: again.data!.avatar })).statusCode).toBe(200);
  });

  it('refuses an HTML file named avatar.png', async () => {
    const u = await registerUser(t);
    const before = await readdir(avatarDir()).catch(() => []);
    const res = await upload(u.token, 'avatar.png', Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>'));
    expect(res.code).toBe(415);
    expect(res.message).toBe(authMessages.avatarBadType);
    expect(await readdir(avatarDir()).catch(() => [])).toEqual(before);
    const me = await call<{ avatar: string | null }>(t, 'POST', '/api/users/get_current_user', { token: u.token });
    expect(me.data.avatar).toBeNull();
  });

  it('refuses a file over 2 MB', async () => {
    const u = await registerUser(t);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(u.token, 'big.png', big);
    expect(res.code).toBe(413);
    expect(res.message).toBe(authMessages.avatarTooLarge);
  });

  it('refuses a JSON body and answers 404 for names it did not make', async () => {
    const u = await registerUser(t);
    const res = await call(t, 'POST', '/api/users/avatar', { token: u.token, body: { file: 'x' } });
    expect(res.code).toBe(415);
    for (const url of ['/uploads/avatars/..%2F..%2Fetc%2Fpasswd', '/uploads/avatars/0123456789abcdef0123456789abcdef.png']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('needs a login', async () => {
    expect((await upload('', 'a.png', PNG)).code).toBe(406);
  });
});

describe('change password', () => {
  it('needs the old password, keeps the session and writes a message', async () => {
    const u = await registerUser(t);
    const wrong = await call(t, 'POST', '/api/users/change_password', { token: u.token, body: { old_password: 'nope_1234', password: 'newpass_12' } });
    expect(wrong.code).toBe(400);
    expect(wrong.message).toBe(authMessages.oldPasswordWrong);
    const res = await call(t, 'POST', '/api/users/change_password', { token: u.token, body: { old_password: u.password, password: 'newpass_12' } });
    expect(res.code).toBe(200);
    const me = await call<{ message_num: number }>(t, 'POST', '/api/users/get_current_user', { token: u.token });
    expect(me.code).toBe(200);
    expect(me.data.message_num).toBe(2);
    expect((await login(t, u.phone, 'newpass_12')).code).toBe(200);
  });
});

describe('care mode', () => {
  it('is off for a new account, saved by PUT care_mode and read back with the current user', async () => {
    const u = await registerUser(t);
    const before = await call<{ care_mode: boolean }>(t, 'POST', '/api/users/get_current_user', { token: u.token });
    expect(before.data.care_mode).toBe(false);
    const on = await call<{ care_mode: boolean }>(t, 'PUT', '/api/users/care_mode', { token: u.token, body: { enabled: true } });
    expect(on).toMatchObject({ code: 200, message: authMessages.careModeOn, data: { care_mode: true } });
    const me = await call<{ care_mode: boolean }>(t, 'POST', '/api/users/get_current_user', { token: u.token });
    expect(me.data.care_mode).toBe(true);
  });

  it('follows the account into a new session and back off again', async () => {
    const u = await registerUser(t);
    await call(t, 'PUT', '/api/users/care_mode', { token: u.token, body: { enabled: true } });
    const other = (await login(t, u.phone, u.password)).data;
    const there = await call<{ care_mode: boolean }>(t, 'POST', '/api/users/get_current_user', { token: other.token });
    expect(there.data.care_mode).toBe(true);
    const off = await call<{ care_mode: boolean }>(t, 'PUT', '/api/users/care_mode', { token: other.token, body: { enabled: false } });
    expect(off).toMatchObject({ code: 200, message: authMessages.careModeOff, data: { care_mode: false } });
    const again = await call<{ care_mode: boolean }>(t, 'POST', '/api/users/get_current_user', { token: other.token });
    expect(again.data.care_mode).toBe(false);
  });

  it('changes only the caller’s own account', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    await call(t, 'PUT', '/api/users/care_mode', { token: u.token, body: { enabled: true, user_id: other.id } });
    const theirs = await call<{ care_mode: boolean }>(t, 'POST', '/api/users/get_current_user', { token: other.token });
    expect(theirs.data.care_mode).toBe(false);
  });

  it('refuses a body without a yes or no, naming the field', async () => {
    const u = await registerUser(t);
    const bad = await call<{ fieldErrors: Record<string, string> }>(t, 'PUT', '/api/users/care_mode', { token: u.token, body: { enabled: 'yes' } });
    expect(bad.code).toBe(400);
    expect(bad.data.fieldErrors).toMatchObject({ enabled: authMessages.careModeRequired });
  });

  it('refuses a visitor as not logged in', async () => {
    const res = await call(t, 'PUT', '/api/users/care_mode', { body: { enabled: true } });
    expect(res.code).toBe(406);
  });
});
