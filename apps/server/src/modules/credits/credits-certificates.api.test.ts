import { createPublicKey, type KeyObject } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCertificateMessages as m } from '@app/contracts';
import { ManualClock } from '../../lib/clock';
import { pdfFixture } from '../../testing/pdfs';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createUser, type TestUser } from '../../testing/test-users';
import { verifyCredential } from '../exams';
import { api, multipartBody } from '../talent/talent.test-support';

let t: TestApp;
let staff: TestUser;
let key: KeyObject;
let pages = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-28T10:00:00+08:00') });
  staff = await createUser(t, { staff: true });
  const saved = await api(t, 'POST', '/api/admin/credits/rules', staff, {
    year: 2026,
    region: null,
    required_total: 900,
    professional_min: null,
    professional_share: [2, 3],
    public_min: null,
    minutes_per_credit: 50,
    conversions: [{ kind: 'exam', credits: 900, co_credits: null, evidence: '考试合格证明' }],
    filing_deadline: '2027-03-31',
    source: '《会计专业技术人员继续教育规定》（财会〔2018〕10号）',
  });
  expect(saved.code, saved.message).toBe(200);
  const published = (await t.app.inject({ method: 'GET', url: '/.well-known/exams-issuer-key.json' })).json();
  key = createPublicKey({ key: published.publicKeyJwk, format: 'jwk' });
});
afterAll(() => t.close());

/** A member whose 2026 is 达标 through an approved exam conversion (90 专业科目); returns the conversion id. */
async function metMember(name = '王晓梅') {
  const me = await createUser(t, { nickname: `${name}的昵称` });
  expect((await api(t, 'PUT', '/api/user_infos/personal_info', me, { real_name: name })).code).toBe(200);
  const body = multipartBody(
    { kind: 'exam', role: 'main', title: '2026年中级会计资格考试《中级会计实务》', activity_date: '2026-09-06' },
    { name: '成绩单.pdf', content: pdfFixture(++pages), type: 'application/pdf' },
  );
  const filed = (
    await t.app.inject({ method: 'POST', url: '/api/credits/conversions', headers: { ...me.headers, 'content-type': body.contentType }, payload: body.payload })
  ).json();
  expect(filed.code, filed.message).toBe(200);
  expect((await api(t, 'POST', `/api/admin/credits/conversions/${filed.data.id}/review`, staff, { approve: true })).code).toBe(200);
  return { me, conversionId: filed.data.id as number };
}

interface Credential {
  credentialStatus: { statusListCredential: string; statusListIndex: string };
  [k: string]: unknown;
}

/** What a verifier holding only the credential does: the proof, then the signed status list it names, then the bit. */
async function verifierAccepts(credential: Credential): Promise<boolean> {
  if (!verifyCredential(credential, key)) return false;
  const res = await t.app.inject({ method: 'GET', url: new URL(credential.credentialStatus.statusListCredential).pathname });
  expect(res.statusCode).toBe(200);
  const list = res.json() as { credentialSubject: { encodedList: string } };
  if (!verifyCredential(list, key)) return false;
  const bits = gunzipSync(Buffer.from(list.credentialSubject.encodedList.slice(1), 'base64url'));
  const index = Number(credential.credentialStatus.statusListIndex);
  return (bits[index >> 3]! & (0x80 >> (index & 7))) === 0;
}

describe('学时证明', () => {
  it('is refused while the year is not 达标, and without a real name', async () => {
    const me = await createUser(t);
    expect(await api(t, 'POST', '/api/credits/certificates', me, { year: 2026 })).toMatchObject({ status: 409, message: m.notMet });
    const { me: unnamed } = await metMember('');
    expect(await api(t, 'POST', '/api/credits/certificates', unnamed, { year: 2026 })).toMatchObject({ status: 409, message: m.realNameRequired });
  });

  it('once 达标: issued once, a PDF, a credential a verifier accepts, a public page with the name masked', async () => {
    const { me } = await metMember('王晓梅');
    const issued = await api(t, 'POST', '/api/credits/certificates', me, { year: 2026 });
    expect(issued.code, issued.message).toBe(200);
    expect(issued.data).toMatchObject({ year: 2026, total: 900, professional: 900, public: 0, state: 'valid', holder_name: '王晓梅' });
    const again = await api(t, 'POST', '/api/credits/certificates', me, { year: 2026 });
    expect(again.data.number).toBe(issued.data.number);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/credits/certificates/${issued.data.number}/pdf`, headers: me.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const credential = (
      await t.app.inject({ method: 'GET', url: `/api/credits/certificates/${issued.data.number}/credential`, headers: me.headers })
    ).json() as Credential;
    expect(credential.type).toContain('OpenBadgeCredential');
    expect(await verifierAccepts(credential)).toBe(true);

    const check = (await api(t, 'GET', `/api/credits/certificates/${issued.data.number}/check`)).data;
    expect(check).toMatchObject({ holder_name: '王*梅', year: 2026, total: 900, state: 'valid' });
    expect(check.items[0].title).toContain('中级会计实务');
    // Another member cannot download it.
    const other = await createUser(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/credits/certificates/${issued.data.number}/pdf`, headers: other.headers })).statusCode).toBe(404);
  });

  it('withdrawing a credit it counted revokes it: the public page says so and a verifier rejects the credential', async () => {
    const { me, conversionId } = await metMember('李建国');
    const still = await metMember('赵云飞');
    const issued = (await api(t, 'POST', '/api/credits/certificates', me, { year: 2026 })).data;
    const untouched = (await api(t, 'POST', '/api/credits/certificates', still.me, { year: 2026 })).data;
    const credential = (
      await t.app.inject({ method: 'GET', url: `/api/credits/certificates/${issued.number}/credential`, headers: me.headers })
    ).json() as Credential;
    const other = (
      await t.app.inject({ method: 'GET', url: `/api/credits/certificates/${untouched.number}/credential`, headers: still.me.headers })
    ).json() as Credential;
    expect(await verifierAccepts(credential)).toBe(true);

    expect((await api(t, 'POST', `/api/admin/credits/conversions/${conversionId}/withdraw`, staff, { reason: '成绩单与考试记录不符' })).code).toBe(200);
    expect((await api(t, 'GET', `/api/credits/certificates/${issued.number}/check`)).data.state).toBe('revoked');
    expect(await verifierAccepts(credential)).toBe(false);
    expect(await verifierAccepts(other)).toBe(true);
    // The year is no longer 达标: no new certificate.
    expect((await api(t, 'POST', '/api/credits/certificates', me, { year: 2026 })).status).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/credential_status/cpe/900' })).statusCode).toBe(404);
  });
});
