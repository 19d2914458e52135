import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COURSE_IMAGE_URL_PREFIX,
  IMAGE_PROFILE_BY_URL_PREFIX,
  IMAGE_PROFILES,
  imageMessages,
  imageSrcSet,
} from '@app/contracts';
import { AVATAR_URL_PREFIX } from '../modules/users/users.service';
import { logoUrl } from '../modules/recruiting/recruiting.service';
import { HOSTILE_IMAGES, JPEG, phonePhoto, PNG } from '../testing/images';
import { AppError } from './app-error';
import { encodeImage, removeStoredImage, storeImage } from './image-store';
import { createLocalStorage, type Storage } from './storage';

const BAD = '仅支持 JPG、PNG、GIF、WebP 格式的图片';

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A well-formed width x height RGB PNG header with a few bytes of image data: what a decompression bomb looks like. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG.subarray(0, 8),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(content: Buffer): Promise<AppError> {
  const err = await encodeImage(content, 'photo', BAD).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('encodeImage', () => {
  it('keeps a real PNG and JPEG, re-encoded as WebP', async () => {
    for (const content of [PNG, JPEG]) {
      const out = await encodeImage(content, 'photo', BAD);
      const meta = await sharp(out.data).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([out.width, out.height]);
    }
  });

  it.each(HOSTILE_IMAGES)('refuses $name with 415', async ({ content }) => {
    const err = await refusal(content);
    expect(err.code).toBe(415);
    expect([BAD, imageMessages.imageBroken]).toContain(err.message);
  });

  it('removes EXIF with its GPS position, and turns the photo upright first', async () => {
    const photo = await phonePhoto({ width: 1200, height: 900, orientation: 6 });
    const before = await sharp(photo).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(before.orientation).toBe(6);
    const out = await encodeImage(photo, 'photo', BAD);
    const meta = await sharp(out.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    // No EXIF chunk at all in the WebP container, so no GPS position either.
    expect(out.data.includes(Buffer.from('EXIF'))).toBe(false);
    // Orientation 6 is a quarter turn: the stored photo is portrait, and says nothing about turning.
    expect([out.width, out.height]).toEqual([900, 1200]);
    expect(meta.orientation).toBeUndefined();
  });

  it("scales a large image to the profile's longest side and makes the narrower copies", async () => {
    const out = await encodeImage(
      await phonePhoto({ width: 1200, height: 900, orientation: 6 }),
      'avatar',
      BAD,
    );
    expect(Math.max(out.width, out.height)).toBe(IMAGE_PROFILES.avatar.maxSide);
    expect(out.variants.map((v) => v.width)).toEqual([...IMAGE_PROFILES.avatar.widths]);
    const copy = await sharp(out.variants[0]!.data).metadata();
    expect(copy.width).toBe(IMAGE_PROFILES.avatar.widths[0]);
    expect(copy.format).toBe('webp');
  });

  it('refuses an image that declares more pixels than allowed before decoding it (413)', async () => {
    // A PNG whose header claims 20000 x 20000 (decoding it would take 1.2 GB); its data never comes.
    const err = await refusal(pngHeader(20000, 20000));
    expect(err.code).toBe(413);
    expect(err.message).toBe(imageMessages.imageTooManyPixels);
  });
});

describe('storeImage', () => {
  let root: string;
  let dir: string;
  let storage: Storage;
  const prefix = 'uploads/course-images/';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'image-store-'));
    storage = createLocalStorage(root);
    dir = path.join(root, 'uploads', 'course-images');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes the image and its copies under one random name, which imageSrcSet names', async () => {
    const name = await storeImage(
      storage,
      prefix,
      await phonePhoto({ width: 1200, height: 900, orientation: 6 }),
      'cover',
      { badType: BAD },
    );
    expect(name).toMatch(/^[0-9a-f]{32}\.webp$/);
    const base = name.slice(0, 32);
    expect((await readdir(dir)).sort()).toEqual([`${base}-480.webp`, `${base}-960.webp`, name].sort());
    const p = COURSE_IMAGE_URL_PREFIX;
    expect(imageSrcSet(`${p}${name}`)).toBe(
      `${p}${base}-480.webp 480w, ${p}${base}-960.webp 960w, ${p}${name} 1600w`,
    );
    expect((await readFile(path.join(dir, name))).subarray(8, 12).toString()).toBe('WEBP');
    await removeStoredImage(storage, prefix, name, 'cover');
    expect(await readdir(dir)).toEqual([]);
  });

  it('writes nothing for a refused image', async () => {
    for (const { content } of HOSTILE_IMAGES)
      await expect(storeImage(storage, prefix, content, 'cover', { badType: BAD })).rejects.toBeInstanceOf(AppError);
    expect(await readdir(dir).catch(() => [])).toEqual([]);
  });
});

it('the page names copies under the prefixes the avatar and logo routes serve', () => {
  const prefixes = IMAGE_PROFILE_BY_URL_PREFIX.map(([prefix]) => prefix);
  expect(prefixes).toContain(AVATAR_URL_PREFIX);
  expect(prefixes).toContain(logoUrl(''));
});
