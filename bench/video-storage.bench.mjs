// Lesson videos on object storage, against baselines measured in the same run on the local driver:
//  1. a variant playlist of N segments as the HLS route answers it: on the local driver read from DATA_DIR and signed
//     with the app's query (the baseline), on the S3 driver read from the bucket and every segment line written as a
//     presigned URL (apps/server/src/modules/courses/media.ts createPresignedPlaylists): the first request of a
//     signature (cold: read and presign every segment, also split into its two costs) and the next ones (warm: the
//     process's cache of presigned playlists);
//  2. the ffprobe check of a completed upload: the local file (baseline), the object read by ffprobe through a
//     presigned URL (what the server does), and the object downloaded to a temporary file then probed.
// The bucket is an s3rver on this machine (no network latency: against a real bucket reads cost a round trip more,
// presigning costs the same). Run from the repository root: `node --import tsx bench/video-storage.bench.mjs`
// (BENCH_RUNS, default 20).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { median, round, writeResult } from './lib.mjs';

const src = '../apps/server/src';
const { startS3TestServer, s3TestEnv } = await import(`${src}/testing/s3-test-server.ts`);
const { createStorage } = await import(`${src}/lib/storage/index.ts`);
const { loadConfig } = await import(`${src}/config/config.ts`);
const { signPlaylist, presignPlaylist, createPresignedPlaylists } = await import(`${src}/modules/courses/media.ts`);
const { systemClock } = await import(`${src}/lib/clock.ts`);
const { probeOrReason } = await import(`${src}/modules/courses/video-transcode.ts`);

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SEGMENT_COUNTS = [100, 1200]; // 10 minutes and 2 hours of 6-second segments
const FFMPEG = { ffmpegPath: '/usr/bin/ffmpeg', ffprobePath: '/usr/bin/ffprobe' };
const QUERY = 'exp=1900000000&sig=abcdefghijklmnopqrstuvwxyz012345';

async function timed(fn, runs = RUNS) {
  for (let i = 0; i < 2; i++) await fn();
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return round(median(ms), 3);
}

function variantPlaylist(n) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:6', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (let i = 0; i < n; i++) lines.push('#EXTINF:6.000000,', `seg${String(i).padStart(5, '0')}.ts`);
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

const s3 = await startS3TestServer();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-video-storage-'));
try {
  const local = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  const bucket = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3TestEnv(s3.endpoint) }));
  const name = 'a'.repeat(32);
  const dir = `videos/hls/${name}/v0/`;
  const exp = Number(/exp=(\d+)/.exec(QUERY)[1]);
  const presign = (file) => bucket.signedReadUrl(dir + file, { expiresInS: Math.min(7 * 86400, exp - Math.floor(Date.now() / 1000)) });

  const playlists = [];
  for (const n of SEGMENT_COUNTS) {
    const text = variantPlaylist(n);
    await local.put(`${dir}index${n}.m3u8`, text, { contentType: 'application/vnd.apple.mpegurl' });
    await bucket.put(`${dir}index${n}.m3u8`, text, { contentType: 'application/vnd.apple.mpegurl' });
    const baseline = await timed(async () => signPlaylist((await local.read(`${dir}index${n}.m3u8`)).toString('utf8'), QUERY));
    const s3Total = await timed(() => createPresignedPlaylists(bucket, systemClock).variant(`${dir}index${n}.m3u8`, exp, QUERY));
    const cache = createPresignedPlaylists(bucket, systemClock);
    const s3Warm = await timed(() => cache.variant(`${dir}index${n}.m3u8`, exp, QUERY), RUNS * 10);
    const presignOnly = await timed(() => presignPlaylist(text, QUERY, presign));
    const readOnly = await timed(async () => (await bucket.read(`${dir}index${n}.m3u8`)).toString('utf8'));
    const out = await presignPlaylist(text, QUERY, presign);
    playlists.push({
      segments: n,
      local_read_and_sign_ms: baseline,
      s3_cold_read_and_presign_ms: s3Total,
      s3_warm_cached_ms: s3Warm,
      warm_ratio_to_local: round(s3Warm / baseline, 4),
      s3_presign_only_ms: presignOnly,
      s3_read_only_ms: readOnly,
      presign_per_segment_us: round((presignOnly / n) * 1000, 1),
      cold_ratio_to_local: round(s3Total / baseline, 1),
      playlist_bytes_local: Buffer.byteLength(signPlaylist(text, QUERY)),
      playlist_bytes_s3: Buffer.byteLength(out),
    });
    console.log(`[video-storage] playlist of ${n} segments: local ${baseline} ms; s3 cold ${s3Total} ms (presign ${presignOnly} ms, read ${readOnly} ms) ×${round(s3Total / baseline, 1)}; s3 warm ${s3Warm} ms ×${round(s3Warm / baseline, 4)}`);
  }

  // ffprobe of a completed upload: an MP4 with its index (moov) at the end, as ffmpeg and most cameras write it.
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-video-probe-'));
  const probes = [];
  try {
    for (const [seconds, qp] of [[4, 16], [20, 10]]) {
      const file = path.join(tmp, `clip${seconds}.mp4`);
      execFileSync(FFMPEG.ffmpegPath, [
        '-hide_banner', '-loglevel', 'error', '-y',
        '-f', 'lavfi', '-i', `testsrc=size=640x360:rate=25:duration=${seconds},noise=alls=60:allf=t+u`,
        '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
        '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', String(qp), '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
      ]);
      const key = `uploads/course-videos/bench-${seconds}.part`;
      await bucket.putFile(key, file, { contentType: 'application/octet-stream' });
      const runs = Math.max(5, Math.floor(RUNS / 4));
      const baseline = await timed(() => probeOrReason(FFMPEG, file), runs);
      const viaUrl = await timed(async () => probeOrReason(FFMPEG, await bucket.signedReadUrl(key, { expiresInS: 600 })), runs);
      const viaCopy = await timed(async () => {
        const copy = path.join(tmp, 'copy.mp4');
        await bucket.download(key, copy);
        await probeOrReason(FFMPEG, copy);
        await fs.rm(copy, { force: true });
      }, runs);
      const mb = round(statSync(file).size / 2 ** 20, 1);
      probes.push({ file_mb: mb, local_probe_ms: baseline, presigned_url_probe_ms: viaUrl, download_then_probe_ms: viaCopy, url_ratio_to_local: round(viaUrl / baseline, 1), copy_ratio_to_local: round(viaCopy / baseline, 1) });
      console.log(`[video-storage] ffprobe of ${mb} MB: local ${baseline} ms, presigned URL ${viaUrl} ms (×${round(viaUrl / baseline, 1)}), download+probe ${viaCopy} ms (×${round(viaCopy / baseline, 1)})`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  const file = writeResult('video-storage', {
    method: `median of ${RUNS} runs after 2 warm-ups (ffprobe: ${Math.max(5, Math.floor(RUNS / 4))} runs), one process, s3rver on 127.0.0.1 (SigV4 checked) as the bucket; baselines on the local driver in the same run`,
    playlists,
    probes,
  });
  console.log(`[video-storage] ${file}`);
} finally {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
}
