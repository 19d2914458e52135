import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether the first bytes of a file are those of a video container: MP4/MOV/3GP (`ftyp` box), Matroska/WebM,
 * AVI, FLV, MPEG-TS, MPEG-PS or ASF/WMV. A renamed PDF or image is refused before anything is stored; ffprobe then
 * confirms a video stream once the whole file is there.
 */
export function looksLikeVideo(head: Uint8Array): boolean {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length < 12) return false;
  const ascii = (start: number, end: number) => b.subarray(start, end).toString('latin1');
  if (ascii(4, 8) === 'ftyp') return true;
  if (b.readUInt32BE(0) === 0x1a45dfa3) return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12).startsWith('AVI')) return true;
  if (ascii(0, 3) === 'FLV') return true;
  if (b[0] === 0x47 && (b.length < 189 || b[188] === 0x47)) return true;
  if (b.readUInt32BE(0) === 0x000001ba) return true;
  if (b.readUInt32BE(0) === 0x3026b275) return true;
  // QuickTime files that start with another atom (moov, mdat, wide, free) before ftyp.
  return ['moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(4, 8));
}

export interface ProbeResult {
  /** Seconds, rounded up to a whole second (at least 1). */
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface FfmpegPaths {
  ffmpegPath: string;
  ffprobePath: string;
}

/** Runs a binary without blocking the event loop; resolves with stdout, rejects with the tail of stderr. */
function run(
  bin: string,
  args: string[],
  opts: { onStdout?: (chunk: string) => void; signal?: AbortSignal } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (c: string) => {
      if (opts.onStdout) opts.onStdout(c);
      else if (out.length < 1_000_000) out += c;
    });
    child.stderr.on('data', (c: string) => {
      err = (err + c).slice(-8_000);
    });
    child.on('error', (e) => reject(new Error(`${path.basename(bin)}: ${e.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(reasonOf(err) || `${path.basename(bin)} exited with code ${code}`));
    });
  });
}

/** The last meaningful lines of ffmpeg's stderr: the reason it gave up. */
export function reasonOf(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('frame=') && !/^(built with|configuration:|lib\w+\s)/.test(l));
  return lines.slice(-3).join(' | ').slice(0, 500);
}

/** ffprobe: null when the file has no video stream. */
export async function probeVideo(paths: FfmpegPaths, file: string): Promise<ProbeResult | null> {
  const r = await probeOrReason(paths, file);
  return 'reason' in r ? null : r;
}

/** ffprobe's measurements, or its reason for not reading the file. */
export async function probeOrReason(paths: FfmpegPaths, file: string): Promise<ProbeResult | { reason: string }> {
  let json: string;
  try {
    // A presigned URL of object storage is read over HTTP(S) only: nothing in the file can make ffprobe open others.
    const protocols = /^https?:\/\//.test(file) ? ['-protocol_whitelist', 'http,https,tcp,tls'] : [];
    json = await run(paths.ffprobePath, ['-v', 'error', ...protocols, '-print_format', 'json', '-show_format', '-show_streams', file]);
  } catch (err) {
    return { reason: err instanceof Error ? err.message : String(err) };
  }
  const data = JSON.parse(json) as {
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }[];
    format?: { duration?: string };
  };
  const streams = data.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  if (!video) return { reason: '文件中没有视频流' };
  const seconds = Number(data.format?.duration ?? video.duration ?? 0);
  if (!Number.isFinite(seconds) || seconds <= 0) return { reason: '无法测出视频时长' };
  return {
    duration: Math.max(1, Math.ceil(seconds)),
    width: video.width!,
    height: video.height!,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

/** One HLS rendition. */
export interface Rendition {
  height: number;
  videoKbps: number;
}

const LADDER: Rendition[] = [
  { height: 360, videoKbps: 800 },
  { height: 720, videoKbps: 2_500 },
  { height: 1080, videoKbps: 5_000 },
];

/**
 * The renditions a source allows: 360p, 720p and 1080p up to the source's height (never upscaled); a source smaller
 * than 360p gets one rendition at its own (even) height.
 */
export function renditionsFor(sourceHeight: number): Rendition[] {
  const fit = LADDER.filter((r) => r.height <= sourceHeight);
  if (fit.length > 0) return fit;
  return [{ height: Math.max(2, sourceHeight - (sourceHeight % 2)), videoKbps: 600 }];
}

/**
 * Transcodes `source` into HLS under `outDir`: master.m3u8, v<i>/index.m3u8 and v<i>/seg<n>.ts per rendition
 * (H.264 + AAC, 6-second segments, closed GOPs aligned across renditions), and poster.jpg. `onProgress` gets 0-100.
 */
export async function transcodeToHls(
  paths: FfmpegPaths,
  source: string,
  outDir: string,
  probe: ProbeResult,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Rendition[]> {
  const renditions = renditionsFor(probe.height);
  await fs.mkdir(outDir, { recursive: true });
  for (const [i] of renditions.entries()) await fs.mkdir(path.join(outDir, `v${i}`), { recursive: true });
  const n = renditions.length;
  const split = `[0:v]split=${n}${renditions.map((_, i) => `[s${i}]`).join('')}`;
  const scales = renditions.map((r, i) => `[s${i}]scale=-2:${r.height}[o${i}]`).join(';');
  const args = ['-hide_banner', '-nostdin', '-y', '-i', source, '-filter_complex', `${split};${scales}`];
  renditions.forEach((r, i) => {
    args.push('-map', `[o${i}]`);
    args.push(`-c:v:${i}`, 'libx264', `-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.07)}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`);
    if (probe.hasAudio) args.push('-map', '0:a:0');
  });
  args.push('-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-g', '48', '-keyint_min', '48', '-sc_threshold', '0');
  if (probe.hasAudio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  const streamMap = renditions.map((_, i) => (probe.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' ');
  args.push(
    '-f', 'hls',
    '-hls_time', '6',
    '-hls_playlist_type', 'vod',
    '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', path.join(outDir, 'v%v', 'seg%05d.ts'),
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', streamMap,
    '-progress', 'pipe:1',
    '-nostats',
    path.join(outDir, 'v%v', 'index.m3u8'),
  );
  const totalUs = probe.duration * 1_000_000;
  let buffered = '';
  await run(paths.ffmpegPath, args, {
    signal,
    onStdout: (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m) onProgress(Math.min(99, Math.floor((Number(m[1]) / totalUs) * 100)));
      }
    },
  });
  const at = Math.min(1, probe.duration / 3).toFixed(2);
  await run(
    paths.ffmpegPath,
    ['-hide_banner', '-nostdin', '-y', '-ss', at, '-i', source, '-frames:v', '1', '-vf', `scale=-2:${Math.min(720, renditions.at(-1)!.height)}`, '-q:v', '3', path.join(outDir, 'poster.jpg')],
    { signal },
  );
  return renditions;
}
