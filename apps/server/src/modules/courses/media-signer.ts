import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed URLs live at least this long (a long lesson can be paused and resumed within it). */
export const VIDEO_URL_TTL_S = 6 * 3600;
export const VIDEO_URL_PREFIX = '/media/videos/';
/** Lesson video file names: no path separators, so a URL can never leave the video directories. */
export const VIDEO_FILE_REGEX = /^[A-Za-z0-9][\w-]{0,100}\.mp4$/;

/**
 * Signs lesson video URLs: `/media/videos/<file>?exp=<unix s>&sig=<hmac>`. Only tower_show_lesson, after the
 * access check, hands them out, so a member-only video cannot be fetched by guessing its name. `exp` is rounded
 * up to the hour so a learner's URL stays the same (and cacheable) for a while.
 */
export function createMediaSigner(
  getKey: () => Promise<string>,
  opts: { prefix?: string; ttlS?: number } = {},
) {
  const prefix = opts.prefix ?? VIDEO_URL_PREFIX;
  const ttlS = opts.ttlS ?? VIDEO_URL_TTL_S;
  let key: Promise<string> | undefined;
  const secret = () => (key ??= getKey().catch((err: unknown) => ((key = undefined), Promise.reject(err))));
  const mac = (k: string, file: string, exp: number) =>
    createHmac('sha256', k).update(`${file}\n${exp}`).digest('base64url').slice(0, 32);

  /** `exp=<unix s>&sig=<hmac>` for `file` (a file name, or `hls/<name>` for every file of a transcoded video). */
  async function query(file: string, now: Date): Promise<string> {
    const exp = Math.ceil((now.getTime() / 1000 + ttlS) / 3600) * 3600;
    return `exp=${exp}&sig=${mac(await secret(), file, exp)}`;
  }

  return {
    query,
    async sign(file: string, now: Date): Promise<string> {
      return `${prefix}${encodeURIComponent(file)}?${await query(file, now)}`;
    },
    async verify(file: string, exp: unknown, sig: unknown, now: Date): Promise<boolean> {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
      const e = Number(exp);
      if (e * 1000 < now.getTime()) return false;
      const want = Buffer.from(mac(await secret(), file, e));
      const got = Buffer.from(sig);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}
export type MediaSigner = ReturnType<typeof createMediaSigner>;
