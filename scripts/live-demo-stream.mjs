#!/usr/bin/env node
// A live HLS stream for development and tests, without any outside service: Debian's ffmpeg plays a committed demo
// clip in a loop at real-time speed and writes a rolling HLS playlist into DATA_DIR/live/<name>/, which the server
// serves at /media/live/<name>/index.m3u8 (the stream URL of the demo live classes).
//
//   node scripts/live-demo-stream.mjs [--name demo] [--data-dir ./data] [--testsrc]
//
// --testsrc draws ffmpeg's test pattern with a running clock instead of the clip. Stops on Ctrl-C / SIGTERM.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const name = opt('name', 'demo');
if (!/^[\w-]{1,40}$/.test(name)) throw new Error(`bad stream name: ${name}`);
const dataDir = path.resolve(opt('data-dir', process.env.DATA_DIR ?? path.join(root, 'apps/server/data')));
const outDir = path.join(dataDir, 'live', name);
const clip = path.join(root, 'apps/server/assets/videos/lesson-a.mp4');

mkdirSync(outDir, { recursive: true });
// A fresh playlist each start: old segments would make a player begin in the past.
for (const f of readdirSync(outDir)) rmSync(path.join(outDir, f), { force: true });

const input = args.includes('--testsrc')
  ? ['-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100']
  : ['-re', '-stream_loop', '-1', '-i', clip];
const ffmpeg = spawn(
  'ffmpeg',
  [
    '-hide_banner',
    '-loglevel',
    'error',
    ...input,
    '-vf',
    'scale=640:-2',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '50',
    '-keyint_min',
    '50',
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-ac',
    '2',
    '-f',
    'hls',
    '-hls_time',
    '2',
    '-hls_list_size',
    '6',
    '-hls_flags',
    'delete_segments+omit_endlist+temp_file',
    '-hls_segment_filename',
    path.join(outDir, 'seg-%05d.ts'),
    path.join(outDir, 'index.m3u8'),
  ],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
process.stdout.write(`live demo stream "${name}" -> ${path.join(outDir, 'index.m3u8')} (served at /media/live/${name}/index.m3u8)\n`);

const stop = () => ffmpeg.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
ffmpeg.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
