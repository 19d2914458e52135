import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/test-users';
import type { Json } from '../../testing/json';
import { pdfFixture } from '../../testing/pdfs';
import { PNG } from '../../testing/images';

export { PNG };

/** Helpers for the talent API tests (not a test file itself). Accounts with live sessions: src/testing/test-users.ts. */

export interface Answer<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
  headers: Record<string, unknown>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** JSON call; checks the HTTP status equals the envelope code. */
export async function api<T = Json>(
  t: TestApp,
  method: Method,
  url: string,
  user?: TestUser | null,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: user ? user.headers : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const json = res.json() as { code: number; message: string; data: T };
  expect(res.statusCode, res.body).toBe(json.code);
  return {
    status: res.statusCode,
    code: json.code,
    message: json.message,
    data: json.data,
    headers: res.headers,
  };
}

/** An application/x-www-form-urlencoded post of `user_apply_job[...]` fields. */
export async function postForm<T = Json>(
  t: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  user: TestUser,
  fields: Record<string, string>,
) {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) form.append(`user_apply_job[${k}]`, v);
  const res = await t.app.inject({
    method,
    url,
    headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  const json = res.json() as { code: number; message: string; data: T };
  expect(res.statusCode, res.body).toBe(json.code);
  return { status: res.statusCode, code: json.code, message: json.message, data: json.data };
}

/** A multipart/form-data body with text fields and an optional file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; type?: string; field?: string },
) {
  const boundary = `----talent${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A one-page PDF that opens (uploads are parsed, not only sniffed). */
export const PDF = pdfFixture();

/** Uploads a file through POST /api/talent_attachments. */
export async function upload(t: TestApp, user: TestUser, content: Buffer, name = 'scan.png') {
  const body = multipartBody({}, { name, content });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/talent_attachments',
    headers: { ...user.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return {
    status: res.statusCode,
    json: res.json() as {
      code: number;
      message: string;
      data: { id: number; url: string; mime: string; file_name: string };
    },
  };
}

/** A valid job intention (form field names without the user_apply_job[] wrapper). */
export const GOOD_JOB: Record<string, string> = {
  name: '张三',
  sex: '男',
  biithday: '1990-05-01',
  salary: '3',
  show_personal_info: 'true',
  citys: '河南省:郑州市,北京市:北京市',
  positions: '财务经理,总账会计',
  industries: '制造业,金融业',
};
