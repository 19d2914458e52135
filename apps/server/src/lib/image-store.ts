/**
 * Every uploaded image goes through here before it is kept: the first bytes must be PNG, JPEG, GIF or WebP (so an
 * SVG or an HTML page never reaches the decoder), then sharp (libvips) decodes the whole image, which refuses a
 * truncated or fake one, turns it upright by its EXIF orientation, scales it to the profile's longest side and
 * encodes it as WebP with no metadata at all (phone photos carry the place they were taken). The narrower copies of
 * the profile are written beside it as `<name>-<width>.webp` for `srcset` (see imageSrcSet in @app/contracts).
 *
 * sharp is loaded on the first upload, not at start: its native library is large and most processes of a cluster
 * never receive an image. Decoding runs on libuv's thread pool, so the event loop keeps serving while it works.
 */
import { randomBytes } from 'node:crypto';
import type { Sharp, SharpOptions } from 'sharp';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_PROFILES, imageMessages, type ImageProfileName } from '@app/contracts';
import { AppError } from './app-error';
import { detectImageType } from './image-type';
import { assertStoragePrefix, type Storage } from './storage/storage';

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;
let sharpLoaded: Promise<SharpFactory> | null = null;

function loadSharp(): Promise<SharpFactory> {
  sharpLoaded ??= import('sharp').then((mod) => {
    const sharp = mod.default;
    // Uploads are decoded once: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp as unknown as SharpFactory;
  });
  return sharpLoaded;
}

export interface EncodedImage {
  /** The re-encoded image (WebP). */
  data: Buffer;
  width: number;
  height: number;
  /** The narrower copies of the profile, by width. */
  variants: { width: number; data: Buffer }[];
}

const WEBP_QUALITY = 80;

/**
 * Decodes `content` and re-encodes it for `profile`, or throws the AppError the client gets: 415 with `badType`
 * when it is no PNG, JPEG, GIF or WebP, or does not decode whole; 413 when it declares more pixels than allowed.
 */
export async function encodeImage(
  content: Buffer,
  profile: ImageProfileName,
  badType: string,
): Promise<EncodedImage> {
  if (!detectImageType(content)) throw new AppError(415, badType);
  const sharp = await loadSharp();
  const { maxSide, widths } = IMAGE_PROFILES[profile];
  // failOn 'truncated': a JPEG or PNG that ends early is refused, not stored half grey; libpng's harmless warnings
  // (an old sRGB profile) do not refuse a good image.
  const options: SharpOptions = {
    failOn: 'truncated',
    limitInputPixels: IMAGE_MAX_INPUT_PIXELS,
    animated: false,
  };
  let meta;
  try {
    meta = await sharp(content, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, imageMessages.imageBroken);
  }
  if (!meta.width || !meta.height) throw new AppError(415, imageMessages.imageBroken);
  if (meta.width * meta.height > IMAGE_MAX_INPUT_PIXELS)
    throw new AppError(413, imageMessages.imageTooManyPixels);
  try {
    // Decode once into raw pixels, upright and scaled; every stored copy is encoded from that.
    const { data: pixels, info } = await sharp(content, options)
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const encode = (width?: number) => {
      let img = sharp(pixels, raw);
      if (width) img = img.resize({ width, withoutEnlargement: true });
      return img.webp({ quality: WEBP_QUALITY }).toBuffer();
    };
    const [data, ...copies] = await Promise.all([encode(), ...widths.map((w) => encode(w))]);
    return {
      data: data!,
      width: info.width,
      height: info.height,
      variants: widths.map((width, i) => ({ width, data: copies[i]! })),
    };
  } catch {
    throw new AppError(415, imageMessages.imageBroken);
  }
}

/** The file names of a stored image and its copies. */
export function storedImageFiles(name: string, profile: ImageProfileName): string[] {
  const base = name.replace(/\.webp$/, '');
  if (base === name) return [name];
  return [name, ...IMAGE_PROFILES[profile].widths.map((w) => `${base}-${w}.webp`)];
}

/**
 * Re-encodes `content` for `profile` and writes it, and its copies, under a new random name below `prefix` in
 * `storage` (e.g. `uploads/avatars/`), never over an existing file. Returns the stored file name (`<32 hex>.webp`);
 * the key of the image is `prefix + name`.
 */
export async function storeImage(
  storage: Storage,
  prefix: string,
  content: Buffer,
  profile: ImageProfileName,
  options: { badType: string },
): Promise<string> {
  assertStoragePrefix(prefix);
  const image = await encodeImage(content, profile, options.badType);
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const [, ...copyNames] = storedImageFiles(name, profile);
  const written: string[] = [];
  const put = async (file: string, data: Buffer) => {
    await storage.put(prefix + file, data, { contentType: 'image/webp', ifAbsent: true });
    written.push(prefix + file);
  };
  try {
    await put(name, image.data);
    for (const [i, v] of image.variants.entries()) await put(copyNames[i]!, v.data);
  } catch (err) {
    // Only what this call wrote is removed (a taken name is someone else's file).
    await Promise.all(written.map((key) => storage.delete(key)));
    throw err;
  }
  return name;
}

/** Removes a stored image and its copies below `prefix`; missing files are no error. */
export async function removeStoredImage(
  storage: Storage,
  prefix: string,
  name: string,
  profile: ImageProfileName,
): Promise<void> {
  await Promise.all(storedImageFiles(name, profile).map((f) => storage.delete(prefix + f)));
}
