/**
 * Learners' side of lesson subtitles: the tracks a lesson page hands out (signed like its video, so exactly the
 * learners who may play the video get them), and the HLS subtitles rendition of a transcoded video (a subtitles
 * media playlist whose one segment is the lesson's WebVTT, signed with the video's own signature).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { LessonSubtitleTrack } from '@app/contracts';
import type { DbOrTx } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { coursesLessonSubtitles, coursesLessons } from './courses.table';
import type { MediaSigner } from './media-signer';

export const SUBTITLE_URL_PREFIX = '/media/subtitles/';
/** `<lesson id>-<BCP 47 tag>.vtt`, e.g. `12-zh-CN.vtt`. */
export const SUBTITLE_FILE_REGEX = /^(\d{1,10})-([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2})\.vtt$/;
/** The subtitles of a transcoded video, next to its playlists: `subs/<lang>.m3u8` and `subs/<lang>.vtt`. */
export const HLS_SUBTITLE_REGEX = /^subs\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2})\.(m3u8|vtt)$/;
/** The rendition group every variant of a master playlist names. */
const GROUP = 'subs';

const subtitleKey = (lessonId: number, lang: string) => `subtitles/${lessonId}/${lang}`;

export function lessonSubtitles(db: DbOrTx) {
  const s = coursesLessonSubtitles;
  return {
    /** The languages a lesson has subtitles in. */
    tracks(lessonId: number) {
      return db.select({ lang: s.lang, label: s.label }).from(s).where(eq(s.lessonId, lessonId)).orderBy(asc(s.lang));
    },
    async text(lessonId: number, lang: string) {
      const [row] = await db
        .select({ vtt: s.vtt, updatedAt: s.updatedAt })
        .from(s)
        .where(and(eq(s.lessonId, lessonId), eq(s.lang, lang)));
      return row;
    },
    /** The subtitles of the lesson playing a video (`hls/<name>`), with the lesson's duration. */
    ofVideo(videoFile: string) {
      return db
        .select({ lessonId: s.lessonId, lang: s.lang, label: s.label, duration: coursesLessons.duration })
        .from(s)
        .innerJoin(coursesLessons, eq(coursesLessons.id, s.lessonId))
        .where(eq(coursesLessons.videoFile, videoFile))
        .orderBy(asc(s.lang));
    },
  };
}
export type LessonSubtitles = ReturnType<typeof lessonSubtitles>;

/** The lesson's subtitle tracks with signed, expiring URLs (handed out with the video URL, after the access check). */
export async function signedSubtitleTracks(
  subtitles: LessonSubtitles,
  signer: MediaSigner,
  lessonId: number,
  now: Date,
): Promise<LessonSubtitleTrack[]> {
  const rows = await subtitles.tracks(lessonId);
  return Promise.all(
    rows.map(async (r) => ({
      lang: r.lang,
      label: r.label,
      url: `${SUBTITLE_URL_PREFIX}${lessonId}-${r.lang}.vtt?${await signer.query(subtitleKey(lessonId, r.lang), now)}`,
    })),
  );
}

/** Checks a subtitle URL's signature; the lesson and language it names, or null. */
export async function verifySubtitleUrl(
  signer: MediaSigner,
  file: string,
  exp: unknown,
  sig: unknown,
  now: Date,
): Promise<{ lessonId: number; lang: string } | null> {
  const m = SUBTITLE_FILE_REGEX.exec(file);
  if (!m) return null;
  const lessonId = Number(m[1]);
  const lang = m[2]!;
  return (await signer.verify(subtitleKey(lessonId, lang), exp, sig, now)) ? { lessonId, lang } : null;
}

const quoted = (v: string) => v.replace(/["\r\n]/g, '');

/**
 * A master playlist with the subtitles rendition (RFC 8216 §4.3.4.1): one EXT-X-MEDIA line per language, the first
 * one the default, and `SUBTITLES="subs"` on every variant. `query` is the video's signature, put on the rendition's
 * URI here because the URI sits in an attribute, which signPlaylist (URI lines only) does not touch.
 */
export function withSubtitleRendition(master: string, tracks: { lang: string; label: string }[], query: string): string {
  if (tracks.length === 0) return master;
  const media = tracks.map(
    (t, i) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${GROUP}",NAME="${quoted(t.label)}",LANGUAGE="${quoted(t.lang)}",` +
      `DEFAULT=${i === 0 ? 'YES' : 'NO'},AUTOSELECT=YES,URI="subs/${quoted(t.lang)}.m3u8?${query}"`,
  );
  const out: string[] = [];
  let placed = false;
  for (const line of master.split('\n')) {
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      if (!placed) out.push(...media, '');
      placed = true;
      out.push(line.includes('SUBTITLES=') ? line : `${line.trimEnd()},SUBTITLES="${GROUP}"`);
    } else out.push(line);
  }
  return out.join('\n');
}

/** The subtitles media playlist: one WebVTT segment as long as the lesson. Its URI is signed by signPlaylist. */
export function subtitlePlaylist(lang: string, duration: number): string {
  const seconds = Math.max(1, duration);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(seconds)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${seconds.toFixed(3)},`,
    `${lang}.vtt`,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/**
 * The WebVTT of an HLS subtitles segment: cue times are the lesson's times, mapped (X-TIMESTAMP-MAP, RFC 8216
 * §3.5) onto the first timestamp of the video's MPEG-TS segments, which ffmpeg starts after 0 (1.4 s by default).
 */
export function hlsSegmentVtt(vtt: string, firstPts: number | null): string {
  if (firstPts === null) return vtt;
  const [signature, ...rest] = vtt.split('\n');
  return [signature, `X-TIMESTAMP-MAP=MPEGTS:${firstPts},LOCAL:00:00:00.000`, ...rest].join('\n');
}

/** The smallest first PTS (90 kHz) of the streams in the opening packets of an MPEG-TS segment, or null. */
export function firstPtsOf(ts: Uint8Array): number | null {
  const seen = new Set<number>();
  let min: number | null = null;
  for (let p = 0; p + 188 <= ts.length; p += 188) {
    if (ts[p] !== 0x47) return min;
    const pusi = (ts[p + 1]! & 0x40) !== 0;
    const pid = ((ts[p + 1]! & 0x1f) << 8) | ts[p + 2]!;
    if (!pusi || seen.has(pid)) continue;
    const afc = (ts[p + 3]! >> 4) & 0x3;
    let o = p + 4;
    if (afc === 2) continue;
    if (afc === 3) o += 1 + ts[o]!;
    // A PES header (00 00 01, a stream id) with a PTS; program tables (PAT, PMT) are not PES.
    if (o + 14 > p + 188 || ts[o] !== 0 || ts[o + 1] !== 0 || ts[o + 2] !== 1) continue;
    seen.add(pid);
    if ((ts[o + 7]! & 0x80) === 0) continue;
    const b = ts.subarray(o + 9, o + 14);
    const pts = (b[0]! & 0x0e) * 2 ** 29 + b[1]! * 2 ** 22 + (b[2]! & 0xfe) * 2 ** 14 + b[3]! * 2 ** 7 + (b[4]! >> 1);
    min = min === null ? pts : Math.min(min, pts);
  }
  return min;
}

const ptsCache = new Map<string, number | null>();

/**
 * The first PTS of a transcoded video (its first variant's first segment), read once per video through storage
 * (the local disk or the bucket; only the segment's opening packets are read).
 */
export async function videoFirstPts(storage: Storage, name: string): Promise<number | null> {
  if (ptsCache.has(name)) return ptsCache.get(name)!;
  let pts: number | null = null;
  try {
    const prefix = `videos/hls/${name}/v0/`;
    const variant = (await storage.read(`${prefix}index.m3u8`))?.toString('utf8') ?? '';
    const first = variant.split('\n').find((l) => l.trim() && !l.startsWith('#'));
    if (first && /^seg\d{1,6}\.ts$/.test(first.trim())) {
      const info = await storage.stat(prefix + first.trim());
      const stream = info && info.size > 0 && (await storage.stream(prefix + first.trim(), { start: 0, end: Math.min(info.size, 188 * 64) - 1 }));
      if (stream) {
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
        pts = firstPtsOf(Buffer.concat(chunks));
      }
    }
  } catch {
    pts = null;
  }
  if (ptsCache.size > 1000) ptsCache.clear();
  ptsCache.set(name, pts);
  return pts;
}
