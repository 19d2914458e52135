import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** Committed demo clips. */
export const assetVideosDir = path.join(serverRoot, 'assets', 'videos');

export type ByteRange = { start: number; end: number };

/**
 * Parses a `Range` header against a file size (RFC 9110 §14.1.2): null = send the whole file (no header, not
 * bytes, or several ranges, which a server may ignore), 'unsatisfiable' = answer 416, else an inclusive range.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!m) return header.includes(',') || !header.startsWith('bytes=') ? null : 'unsatisfiable';
  const [, a, b] = m;
  if (a === '' && b === '') return 'unsatisfiable';
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || (b !== '' && Number(b) < start)) return 'unsatisfiable';
  return { start, end };
}

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

/** A file (or bytes) answered with validators and HTTP Range support. */
export interface RangedFile {
  size: number;
  mtime: Date;
  contentType: string;
  /** The whole body (no range) or the inclusive byte range. */
  body(range: ByteRange | null): NodeJS.ReadableStream | Buffer | Promise<Buffer>;
}

/**
 * Answers a signed media request: 206 partial content for a satisfiable Range (players seek, PDF readers fetch the
 * first page before the rest), 416 otherwise, 304 on a matching ETag. Signed per viewer: browsers may keep it,
 * shared caches must not.
 */
export async function sendRanged(request: FastifyRequest, reply: FastifyReply, file: RangedFile): Promise<void> {
  const etag = `"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', file.contentType)
    .header('etag', etag)
    .header('last-modified', file.mtime.toUTCString())
    .header('cache-control', 'private, max-age=3600');
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') {
    await reply.code(416).header('content-range', `bytes */${file.size}`).header('content-type', 'text/plain').send('');
    return;
  }
  if (range === null) {
    if (request.headers['if-none-match'] === etag) {
      await reply.code(304).send();
      return;
    }
    await reply.code(200).header('content-length', file.size).send(await file.body(null));
    return;
  }
  await reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await file.body(range));
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
 * Media routes: signed lesson videos with HTTP Range (206 partial content, so players can seek and browsers can
 * stream), and the generated SVG art of the demo catalogue.
 */
export function registerMediaRoutes(
  app: App,
  deps: { signer: MediaSigner; subtitles: LessonSubtitles; clock: Clock; dataDir: string },
) {
  const dirs = [path.join(deps.dataDir, 'videos'), assetVideosDir];

  app.get('/media/videos/:file', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { file } = request.params as { file: string };
    const { exp, sig } = request.query as Record<string, unknown>;
    if (!VIDEO_FILE_REGEX.test(file) || !(await deps.signer.verify(file, exp, sig, deps.clock.now()))) throw videoNotFound();
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
  // database under the same signature.
  const hlsDir = path.join(deps.dataDir, 'videos', 'hls');
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
        .send(signPlaylist(text, query));
    if (subs) {
      const [, lang, ext] = subs;
      const track = (await deps.subtitles.ofVideo(`hls/${name}`)).find((t) => t.lang === lang);
      if (!track) throw subtitleNotFound();
      if (ext === 'm3u8') return playlist(subtitlePlaylist(lang!, track.duration));
      const found = await deps.subtitles.text(track.lessonId, lang!);
      if (!found) throw subtitleNotFound();
      return reply
        .header('content-type', 'text/vtt; charset=utf-8')
        .header('cache-control', 'private, max-age=3600')
        .send(hlsSegmentVtt(found.vtt, await videoFirstPts(path.join(hlsDir, name))));
    }
    const full = path.join(hlsDir, name, rest);
    const st = await fs.stat(full).catch(() => null);
    if (!st?.isFile()) throw videoNotFound();
    if (rest === 'master.m3u8') {
      const text = await fs.readFile(full, 'utf8');
      return playlist(withSubtitleRendition(text, await deps.subtitles.ofVideo(`hls/${name}`), query));
    }
    if (rest.endsWith('.m3u8')) return playlist(await fs.readFile(full, 'utf8'));
    await sendRanged(request, reply, {
      size: st.size,
      mtime: st.mtime,
      contentType: rest.endsWith('.jpg') ? 'image/jpeg' : 'video/mp2t',
      body: (range) => createReadStream(full, range ?? {}),
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
