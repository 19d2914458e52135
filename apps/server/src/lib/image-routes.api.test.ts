import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_IMAGES, phonePhoto } from '../testing/images';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createUser, type TestUser } from '../testing/test-users';
import { COMPANY_PROFILE } from '../modules/recruiting/recruiting.test-support';
import { api, multipartBody } from '../modules/talent/talent.test-support';

/**
 * Every route that keeps an uploaded image, walked with the same files: the hostile ones are refused with 415, and
 * a phone photo with its GPS position comes back without any metadata.
 */
describe.each(['local', 's3'] as const)('on the %s storage driver', (driver) => {
  let t: TestApp;
  let person: TestUser;
  let member: TestUser;
  let company: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ storage: driver });
    person = await createUser(t);
    member = await createUser(t, { memberDays: 30 });
    company = await createUser(t, { role: 'company' });
    staff = await createUser(t, { staff: true });
    expect((await api(t, 'PUT', '/api/companies/mine', company, COMPANY_PROFILE)).code).toBe(200);
  });
  afterAll(() => t.close());

  interface ImageRoute {
    name: string;
    url: string;
    who: () => TestUser;
    /** Where the kept image is read back (as the uploader, or staff for a private scan). */
    readBack: (data: Record<string, unknown>) => Promise<{ url: string; as: TestUser }>;
  }

  const ROUTES: ImageRoute[] = [
    {
      name: 'avatar',
      url: '/api/users/avatar',
      who: () => person,
      readBack: async (d) => ({ url: d.avatar as string, as: person }),
    },
    {
      name: 'talent attachment (credential scan)',
      url: '/api/talent_attachments',
      who: () => person,
      readBack: async (d) => ({ url: d.url as string, as: person }),
    },
    {
      name: 'Q&A image',
      url: '/api/quiz/images',
      who: () => member,
      readBack: async (d) => ({ url: d.url as string, as: member }),
    },
    {
      name: 'company logo',
      url: '/api/companies/mine/logo',
      who: () => company,
      readBack: async (d) => ({ url: d.logo as string, as: company }),
    },
    {
      name: 'business licence',
      url: '/api/companies/mine/licence',
      who: () => company,
      readBack: async () => ({ url: `/api/admin/companies/${company.id}/licence`, as: staff }),
    },
    {
      name: 'article image',
      url: '/api/admin/content/images',
      who: () => staff,
      readBack: async (d) => ({ url: d.url as string, as: staff }),
    },
    {
      name: 'course image',
      url: '/api/admin/course_images',
      who: () => staff,
      readBack: async (d) => ({ url: d.url as string, as: staff }),
    },
  ];

  async function upload(route: ImageRoute, name: string, content: Buffer) {
    const body = multipartBody({}, { name, content });
    const res = await t.app.inject({
      method: 'POST',
      url: route.url,
      headers: { ...route.who().headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    const json = res.json() as { code: number; message: string; data: Record<string, unknown> | null };
    expect(res.statusCode, `${route.url}: ${res.body}`).toBe(json.code);
    return json;
  }

  /**
   * GET as `as`: the local disk answers with the bytes; object storage with a redirect to the bucket, whose link is
   * then read (as a browser follows it).
   */
  async function readServed(url: string, as: TestUser): Promise<{ type: string | null; bytes: Buffer }> {
    const served = await t.app.inject({ method: 'GET', url, headers: as.headers });
    if (driver === 'local') {
      expect(served.statusCode, url).toBe(200);
      return { type: String(served.headers['content-type']), bytes: served.rawPayload };
    }
    expect(served.statusCode, url).toBe(302);
    const file = await fetch(served.headers.location!);
    expect(file.status, served.headers.location).toBe(200);
    return { type: file.headers.get('content-type'), bytes: Buffer.from(await file.arrayBuffer()) };
  }

  describe('every image upload route', () => {
    for (const route of ROUTES) {
      // The refusal happens before storage: on object storage one route is enough.
      it.runIf(driver === 'local' || route.name === 'avatar')(
        `${route.name}: refuses a 12-byte PNG, a PNG signature with HTML, a truncated JPEG and an SVG with 415`,
        async () => {
          for (const bad of HOSTILE_IMAGES) {
            const res = await upload(route, bad.file, bad.content);
            expect(res.code, `${route.name} / ${bad.name}`).toBe(415);
            expect(res.message).toMatch(/[\u4e00-\u9fff]/);
          }
        },
      );
    }

    for (const route of ROUTES) {
      it(`${route.name}: keeps a phone photo as WebP without its EXIF and GPS position`, async () => {
        const photo = await phonePhoto({ width: 1600, height: 1200 });
        expect((await sharp(photo).metadata()).exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
        const res = await upload(route, 'IMG_0001.jpg', photo);
        expect(res.code, res.message).toBe(200);
        const { url, as } = await route.readBack(res.data!);
        const served = await readServed(url, as);
        expect(served.type).toBe('image/webp');
        const meta = await sharp(served.bytes).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(served.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
        expect(served.bytes.includes(Buffer.from('EXIF'))).toBe(false);
      });
    }
  });

  it.runIf(driver === 's3')('writes nothing under DATA_DIR on object storage', async () => {
    await expect(fs.access(path.join(t.config.dataDir, 'uploads'))).rejects.toThrow();
  });
});
