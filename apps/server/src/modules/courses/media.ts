import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendRanged } from '../../lib/ranged';
import { AppError } from '../../lib/app-error';
import { serverRoot } from '../../paths';
import { avatarSvg, coverSvg } from './course-art';
import {
  HLS_SUBTITLE_REGEX,
  hlsSegmentVtt,
  SUBTITLE_URL_PREFIX,
  subtitlePlaylist,
  verifySubtitleUrl,
  videoFirstPts,
  withSubtitleRendition,
  type LessonSubtitles,
} from './lesson-subtitles';
import { VIDEO_FILE_REGEX, type MediaSigner } from './media-signer';
import { COURSES, TEACHERS } from './seed/catalogue';
import type { App } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';

/** Committed demo clips. */
export const assetVideosDir = path.join(serverRoot, 'assets', 'videos');

export { parseRange, sendRanged, type ByteRange, type RangedFile } from '../../lib/ranged';

async function findVideo(file: string, dirs: string[]): Promise<{ file: string; size: number; mtime: Date } | null> {
  for (const dir of dirs) {
    const full = path.join(dir, file);
    // The regex already forbids separators; this keeps the guarantee if it ever changes.
    if (path.dirname(full) !== dir) return null;
    try {
      const st = await fs.stat(full);
      if (st.isFile()) return { file: full, size: st.size, mtime: st.mtime };
    } catch {
      /* try the next directory */
    }
  }
  return null;
}

const videoNotFound = () => AppError.notFound('视频不存在或链接已过期');

export const HLS_URL_PREFIX = '/media/hls/';
const HLS_FILE_REGEX = /^(master\.m3u8|poster\.jpg|v[0-9]\/index\.m3u8|v[0-9]\/seg\d{1,6}\.ts)$/;

/**
 * The signed URL of a lesson's video: an MP4 file (`/media/videos/<file>?exp&sig`) or the master playlist of a
 * transcoded video (`/media/hls/<name>/master.m3u8?exp&sig`, one signature for every file of that video).
 */
export async function signedVideoUrl(signer: MediaSigner, videoFile: string, now: Date, file = 'master.m3u8'): Promise<string> {
  if (videoFile.startsWith('hls/')) {
    const name = videoFile.slice(4).split('/')[0]!;
    return `${HLS_URL_PREFIX}${name}/${file}?${await signer.query(`hls/${name}`, now)}`;
  }
  return signer.sign(videoFile, now);
}

/** Appends the signature to every URI line of a playlist, so hls.js asks for signed variant playlists and segments. */
export function signPlaylist(text: string, query: string): string {
  return text
    .split('\n')
    .map((line) => (line && !line.startsWith('#') ? `${line.trim()}?${query}` : line))
    .join('\n');
}

/**
 * A variant playlist on object storage: each segment line becomes a presigned URL of that segment in the bucket
 * (`presign(file)`), so the player reads the bytes from storage while the app keeps the decision of who may. Lines
 * that are not segment names are signed for the app as by signPlaylist.
 */
export async function presignPlaylist(text: string, query: string, presign: (file: string) => Promise<string>): Promise<string> {
  const lines = text.split('\n');
  return (
    await Promise.all(
      lines.map(async (line) => {
        if (!line || line.startsWith('#')) return line;
        const file = line.trim();
        return HLS_SEGMENT_REGEX.test(file) ? presign(file) : `${file}?${query}`;
      }),
    )
  ).join('\n');
}

const HLS_SEGMENT_REGEX = /^seg\d{1,6}\.ts$/;
/** SigV4 presigned URLs live at most 7 days. */
const PRESIGN_MAX_S = 7 * 24 * 3600;
/** Bytes of presigned variant playlists a process keeps (a 2-hour lesson's variant is about 0.5 MB). */
export const PRESIGNED_PLAYLIST_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * A presigned URL of a stored file that lives as long as the app's signature `exp` (unix seconds) still does, never
 * past it: whoever holds that signature could ask the app for a new one anyway.
 */
export function presignUntil(storage: Storage, clock: Clock, key: string, exp: number, contentType?: string): Promise<string | null> {
  const left = exp - Math.floor(clock.now().getTime() / 1000);
  return storage.signedReadUrl(key, { expiresInS: Math.max(1, Math.min(PRESIGN_MAX_S, left)), ...(contentType ? { contentType } : {}) });
}

/**
 * The variant playlists of transcoded videos on object storage, with presigned segment URLs, kept per playlist and
 * signature expiry. Presigning costs about a third of a millisecond per segment (a 2-hour lesson has 1,200 per
 * variant), and every learner of the same hour holds the same signature (`exp` is rounded to the hour), so a
 * playlist is presigned once per hour and process, not on every request. Entries end with their signature; the
 * oldest go first when the cache is full.
 */
export function createPresignedPlaylists(storage: Storage, clock: Clock, maxBytes = PRESIGNED_PLAYLIST_CACHE_BYTES) {
  const entries = new Map<string, { text: Promise<string | null>; exp: number; bytes: number }>();
  let total = 0;
  const drop = (k: string) => {
    const e = entries.get(k);
    if (!e) return;
    total -= e.bytes;
    entries.delete(k);
  };
  async function build(key: string, exp: number, query: string): Promise<string | null> {
    const text = (await storage.read(key))?.toString('utf8');
    if (text === undefined) return null;
    const dir = key.slice(0, key.lastIndexOf('/') + 1);
    return presignPlaylist(text, query, async (file) => (await presignUntil(storage, clock, dir + file, exp)) ?? `${file}?${query}`);
  }
  return {
    /** The playlist stored at `key` with presigned segments, for a request whose signature `query` expires at `exp`. */
    async variant(key: string, exp: number, query: string): Promise<string | null> {
      const k = `${key}\n${query}`;
      const hit = entries.get(k);
      if (hit && hit.exp * 1000 > clock.now().getTime()) {
        entries.delete(k); // most recently used last
        entries.set(k, hit);
        return hit.text;
      }
      drop(k);
      const entry = { text: build(key, exp, query), exp, bytes: 0 };
      entries.set(k, entry);
      const text = await entry.text.catch((err: unknown) => {
        if (entries.get(k) === entry) entries.delete(k);
        throw err;
      });
      if (entries.get(k) !== entry) return text;
      if (text === null) {
        entries.delete(k); // not stored (yet): nothing to keep
        return null;
      }
      entry.bytes = text.length * 2;
      total += entry.bytes;
      for (const old of entries.keys()) {
        if (total <= maxBytes) break;
        drop(old);
      }
      return text;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Media routes: signed lesson videos with HTTP Range (206 partial content, so players can seek and browsers can
 * stream), and the generated SVG art of the demo catalogue.
 */
export function registerMediaRoutes(
  app: App,
  deps: { signer: MediaSigner; subtitles: LessonSubtitles; clock: Clock; dataDir: string; storage: Storage },
) {
  const { storage } = deps;
  // On the local disk lesson videos are files under DATA_DIR/videos (and the committed demo clips); on object
  // storage they are objects of the bucket, which the browser reads itself through presigned URLs.
  const onDisk = storage.driver === 'local';
  const dirs = onDisk ? [path.join(deps.dataDir, 'videos'), assetVideosDir] : [assetVideosDir];
  const playlists = onDisk ? null : createPresignedPlaylists(storage, deps.clock);
  /**
   * Sends the browser to a stored file, after the app's signature was verified: a presigned URL living as long as
   * that signature still does (whoever holds it could ask again anyway), never past it.
   */
  const redirect = async (reply: FastifyReply, key: string, exp: unknown, contentType: string) => {
    const url = await presignUntil(storage, deps.clock, key, Number(exp), contentType);
    if (!url) throw videoNotFound();
    // The browser may reuse the redirect for a few minutes, never past the URL's own end.
    const left = Number(exp) - Math.floor(deps.clock.now().getTime() / 1000);
    return reply.code(302).header('location', url).header('cache-control', `private, max-age=${Math.max(0, Math.min(300, left))}`).send();
  };

  app.get('/media/videos/:file', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { file } = request.params as { file: string };
    const { exp, sig } = request.query as Record<string, unknown>;
    if (!VIDEO_FILE_REGEX.test(file) || !(await deps.signer.verify(file, exp, sig, deps.clock.now()))) throw videoNotFound();
    if (!onDisk && (await storage.stat(`videos/${file}`))) return redirect(reply, `videos/${file}`, exp, 'video/mp4');
    const found = await findVideo(file, dirs);
    if (!found) throw videoNotFound();
    await sendRanged(request, reply, {
      size: found.size,
      mtime: found.mtime,
      contentType: 'video/mp4',
      body: (range) => createReadStream(found.file, range ?? {}),
    });
    return reply;
  });

  // Lesson subtitles (WebVTT), signed per lesson and language by the lesson page that hands out the video.
  const subtitleNotFound = () => AppError.notFound('字幕不存在或链接已过期');
  app.get(`${SUBTITLE_URL_PREFIX}:file`, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { file } = request.params as { file: string };
    const { exp, sig } = request.query as Record<string, unknown>;
    const which = await verifySubtitleUrl(deps.signer, file, exp, sig, deps.clock.now());
    const found = which && (await deps.subtitles.text(which.lessonId, which.lang));
    if (!found) throw subtitleNotFound();
    const bytes = Buffer.from(found.vtt, 'utf8');
    await sendRanged(request, reply, { size: bytes.length, mtime: found.updatedAt, contentType: 'text/vtt; charset=utf-8', body: () => bytes });
    return reply;
  });

  // Transcoded lesson videos: playlists are rewritten with the signature, segments sent with Range like MP4s. The
  // master playlist names the lesson's subtitles rendition, whose playlist and one WebVTT segment come from the
  // database under the same signature. On object storage the app still answers the playlists (after the same
  // check), but writes each segment as a presigned URL of the bucket, and redirects a request for a segment or the
  // poster to one: the video's bytes never pass through the process.
  app.get(`${HLS_URL_PREFIX}:name/*`, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { name, '*': rest } = request.params as { name: string; '*': string };
    const { exp, sig } = request.query as Record<string, unknown>;
    const subs = HLS_SUBTITLE_REGEX.exec(rest);
    if (!/^[0-9a-f]{32}$/.test(name) || (!subs && !HLS_FILE_REGEX.test(rest))) throw videoNotFound();
    if (!(await deps.signer.verify(`hls/${name}`, exp, sig, deps.clock.now()))) throw videoNotFound();
    const query = `exp=${String(exp)}&sig=${String(sig)}`;
    const playlist = (text: string) =>
      reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', 'private, max-age=3600')
        .send(text);
    if (subs) {
      const [, lang, ext] = subs;
      const track = (await deps.subtitles.ofVideo(`hls/${name}`)).find((t) => t.lang === lang);
      if (!track) throw subtitleNotFound();
      if (ext === 'm3u8') return playlist(signPlaylist(subtitlePlaylist(lang!, track.duration), query));
      const found = await deps.subtitles.text(track.lessonId, lang!);
      if (!found) throw subtitleNotFound();
      return reply
        .header('content-type', 'text/vtt; charset=utf-8')
        .header('cache-control', 'private, max-age=3600')
        .send(hlsSegmentVtt(found.vtt, await videoFirstPts(storage, name)));
    }
    const key = `videos/hls/${name}/${rest}`;
    if (rest.endsWith('.m3u8') && rest !== 'master.m3u8' && playlists) {
      const presigned = await playlists.variant(key, Number(exp), query);
      if (presigned === null) throw videoNotFound();
      return playlist(presigned);
    }
    if (rest.endsWith('.m3u8')) {
      const text = (await storage.read(key))?.toString('utf8');
      if (text === undefined) throw videoNotFound();
      if (rest !== 'master.m3u8') return playlist(signPlaylist(text, query));
      return playlist(signPlaylist(withSubtitleRendition(text, await deps.subtitles.ofVideo(`hls/${name}`), query), query));
    }
    const contentType = rest.endsWith('.jpg') ? 'image/jpeg' : 'video/mp2t';
    if (!onDisk) {
      if (!(await storage.stat(key))) throw videoNotFound();
      return redirect(reply, key, exp, contentType);
    }
    const st = await storage.stat(key);
    if (!st) throw videoNotFound();
    await sendRanged(request, reply, {
      size: st.size,
      mtime: st.mtime,
      contentType,
      body: async (range) => (await storage.stream(key, range ?? undefined))!,
    });
    return reply;
  });

  const covers = new Map<string, string>();
  const teachers = new Map(TEACHERS.map((t) => [t.slug, t]));
  const teacherNames = new Map(TEACHERS.map((t) => [t.slug, t.name]));
  const courseBySlug = new Map(COURSES.map((c) => [c.slug, c]));

  app.get('/media/art/:kind/:name', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { kind, name } = request.params as { kind: string; name: string };
    const slug = name.endsWith('.svg') ? name.slice(0, -4) : '';
    let svg: string | undefined;
    if (kind === 'covers') {
      svg = covers.get(slug);
      const c = courseBySlug.get(slug);
      if (!svg && c) {
        svg = coverSvg({ key: c.slug, title: c.title, tag: c.tag, teacher: teacherNames.get(c.teacher) ?? '' });
        covers.set(slug, svg);
      }
    } else if (kind === 'teachers') {
      const t = teachers.get(slug);
      if (t) svg = avatarSvg({ name: t.name, colors: t.colors });
    }
    if (!svg) throw AppError.notFound('图片不存在');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(svg);
  });
}
