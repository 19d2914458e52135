// Cost of one image upload through apps/server/src/lib/image-store.ts (storeImage: type sniff, sharp metadata, one
// decode to upright scaled pixels, WebP encodes of the stored image and its copies, files written) for a
// 12-megapixel phone photo, against two baselines measured in the same run on the same bytes: writing the upload
// to disk unchanged (what uploads did before images were re-encoded) and a plain sharp decode of the JPEG to raw
// pixels. Each scenario runs in its own child process (`node --import tsx`, the server's TypeScript sources) so its
// memory figures are its own: peak RSS is the kernel's high-water mark (VmHWM, reset after start-up), and
// external / arrayBuffers are sampled every 5 ms. CPU is process.cpuUsage (all threads: libuv's pool runs sharp).
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, round, writeResult } from './lib.mjs';

const self = fileURLToPath(import.meta.url);
const serverSrc = path.resolve(path.dirname(self), '..', 'apps', 'server', 'src');
const WIDTH = 4000;
const HEIGHT = 3000;
const WARMUP = 2;
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const CONCURRENT = 4;
const CONCURRENT_ROUNDS = 3;

/**
 * A phone-like 12-megapixel JPEG (quality 90, 4:2:0) with EXIF and GPS: smooth gradients and shapes at several
 * scales plus sensor-like noise, so it compresses like a photo (a few MB), not like a flat test card.
 */
export async function phonePhoto(sharp) {
  const px = Buffer.allocUnsafe(WIDTH * HEIGHT * 3);
  let seed = 0x9e3779b9;
  const rand = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
  // Value noise at two scales (64 px and 6 px cells), bilinearly interpolated: blotches and fine texture.
  const octave = (cell, amplitude) => {
    const gw = Math.ceil(WIDTH / cell) + 2;
    const gh = Math.ceil(HEIGHT / cell) + 2;
    const grid = Float32Array.from({ length: gw * gh * 3 }, () => (rand() - 0.5) * 2 * amplitude);
    return (x, y, c) => {
      const gx = x / cell;
      const gy = y / cell;
      const x0 = gx | 0;
      const y0 = gy | 0;
      const fx = gx - x0;
      const fy = gy - y0;
      const k = (y0 * gw + x0) * 3 + c;
      const l = k + gw * 3;
      return (
        (grid[k] * (1 - fx) + grid[k + 3] * fx) * (1 - fy) + (grid[l] * (1 - fx) + grid[l + 3] * fx) * fy
      );
    };
  };
  const coarse = octave(64, 30);
  const fine = octave(4, 30);
  let i = 0;
  for (let y = 0; y < HEIGHT; y++) {
    const sky = y < HEIGHT * 0.4;
    for (let x = 0; x < WIDTH; x++) {
      const wave =
        25 * Math.sin(x / 173 + y / 211) + 18 * Math.sin(x / 41 - y / 67) + 10 * Math.sin((x * y) / 90000);
      for (let c = 0; c < 3; c++) {
        const base = sky
          ? [110, 160, 225][c] - (y / HEIGHT) * 60 + coarse(x, y, c) * 0.3
          : [90, 120, 60][c] + (y / HEIGHT) * 50 + wave + coarse(x, y, c) + fine(x, y, c);
        const v = base + (rand() - 0.5) * 20;
        px[i++] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
  return sharp(px, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90, chromaSubsampling: '4:2:0' })
    .withExif({
      IFD0: { Make: 'Xiaomi', Model: '23049PCD8C', Software: 'MIUI', DateTime: '2026:11:20 14:32:05' },
      IFD2: {
        ExposureTime: '1/120',
        FNumber: '18/10',
        ISOSpeedRatings: '100',
        DateTimeOriginal: '2026:11:20 14:32:05',
      },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '34/1 45/1 3012/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '113/1 39/1 2211/100',
      },
    })
    .toBuffer();
}

const mb = (bytes) => round(bytes / 2 ** 20, 1);
const status = (field) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;

/** Child: one scenario, many runs; answers its figures on the IPC channel. */
async function scenario(name, input) {
  const sharp = (await import('sharp')).default;
  sharp.cache(false); // as image-store does
  const { storeImage, encodeImage } = await import(path.join(serverSrc, 'lib', 'image-store.ts'));
  const content = readFileSync(input);
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-image-${name}-`));
  const badType = '图片格式不支持';
  let n = 0;
  const ops = {
    copy: async () => {
      // The old upload path: the bytes as received, under a new name.
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${n++}.jpg`), content, { flag: 'wx' });
    },
    decode: () => sharp(content).raw().toBuffer(),
    cover: () => storeImage(dir, content, 'cover', { badType }),
    photo: () => storeImage(dir, content, 'photo', { badType }),
  };
  const [base, concurrent] = name.split('x');
  const op = ops[base];
  const once = concurrent ? () => Promise.all(Array.from({ length: CONCURRENT }, () => op())) : op;
  const runs = concurrent ? CONCURRENT_ROUNDS : RUNS;
  const warmup = concurrent ? 1 : WARMUP;

  // Rest: sharp loaded, sources imported, upload in memory, nothing done yet.
  global.gc?.();
  const rest = process.memoryUsage();
  writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the current RSS
  const restRss = status('VmRSS');
  let peakExternal = rest.external;
  let peakArrayBuffers = rest.arrayBuffers;
  let peakSampledRss = rest.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakExternal = Math.max(peakExternal, m.external);
    peakArrayBuffers = Math.max(peakArrayBuffers, m.arrayBuffers);
    peakSampledRss = Math.max(peakSampledRss, m.rss);
  }, 5);

  for (let i = 0; i < warmup; i++) await once();
  const wall = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await once();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  clearInterval(sampler);
  const peakRss = status('VmHWM');
  global.gc?.();
  const endRss = status('VmRSS');
  const sorted = [...wall].sort((a, b) => a - b);
  const figures = {
    runs,
    ...(concurrent ? { uploads_at_once: CONCURRENT } : {}),
    wall_ms_median: round(median(wall), 1),
    wall_ms_p95: round(sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)], 1),
    wall_ms_runs: wall.map((w) => round(w, 0)),
    cpu_ms_median: round(median(cpu), 1),
    rest_rss_mb: mb(restRss),
    peak_rss_mb: mb(peakRss),
    peak_rss_growth_mb: mb(peakRss - restRss),
    peak_sampled_rss_growth_mb: mb(peakSampledRss - rest.rss),
    /** RSS still held after the last run (and a GC): what the process keeps once the uploads are over. */
    end_rss_growth_mb: mb(endRss - restRss),
    peak_external_growth_mb: mb(peakExternal - rest.external),
    peak_array_buffers_growth_mb: mb(peakArrayBuffers - rest.arrayBuffers),
  };
  if (base === 'cover' || base === 'photo') {
    const out = await encodeImage(content, base, badType);
    figures.stored = {
      width: out.width,
      height: out.height,
      kb: round(out.data.length / 1024, 0),
      copies_kb: out.variants.map((v) => [v.width, round(v.data.length / 1024, 0)]),
    };
  }
  rmSync(dir, { recursive: true, force: true });
  return figures;
}

/**
 * Child: the steps of encodeImage one after the other on the same options (metadata, decode+resize to raw, each
 * WebP encode), median ms of each, to see which step dominates. encodeImage itself runs the encodes in parallel.
 */
async function steps(input) {
  const sharp = (await import('sharp')).default;
  sharp.cache(false);
  const { IMAGE_PROFILES, IMAGE_MAX_INPUT_PIXELS } = await import(
    path.resolve(serverSrc, '..', '..', '..', 'packages', 'contracts', 'src', 'common', 'images.ts')
  );
  const content = readFileSync(input);
  const options = { failOn: 'truncated', limitInputPixels: IMAGE_MAX_INPUT_PIXELS, animated: false };
  const result = {};
  for (const profile of ['cover', 'photo']) {
    const { maxSide, widths } = IMAGE_PROFILES[profile];
    const times = {};
    const time = async (label, fn) => {
      const t0 = performance.now();
      const out = await fn();
      (times[label] ??= []).push(performance.now() - t0);
      return out;
    };
    for (let i = 0; i < WARMUP + 5; i++) {
      await time('metadata', () => sharp(content, { ...options, limitInputPixels: false }).metadata());
      const { data, info } = await time(`decode + resize to ${maxSide}`, () =>
        sharp(content, options)
          .rotate()
          .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
          .raw()
          .toBuffer({ resolveWithObject: true }),
      );
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      await time(`webp ${info.width}x${info.height}`, () =>
        sharp(data, raw).webp({ quality: 80 }).toBuffer(),
      );
      for (const w of widths)
        await time(`resize + webp ${w}w`, () =>
          sharp(data, raw).resize({ width: w, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
        );
    }
    result[profile] = Object.fromEntries(
      Object.entries(times).map(([k, v]) => [k, round(median(v.slice(WARMUP)), 1)]),
    );
  }
  return result;
}

function child(args, env = {}) {
  return new Promise((resolve, reject) => {
    const proc = fork(self, args, {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer;
    proc.on('message', (m) => (answer = m));
    proc.on('error', reject);
    proc.on('exit', (code) =>
      code === 0 && answer ? resolve(answer) : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}

export async function run() {
  const sharp = (await import('sharp')).default;
  const t0 = performance.now();
  const jpeg = await phonePhoto(sharp);
  const genMs = performance.now() - t0;
  const meta = await sharp(jpeg).metadata();
  // The GPS IFD pointer (tag 0x8825), in either byte order.
  const hasGps =
    !!meta.exif &&
    (meta.exif.includes(Buffer.from([0x88, 0x25])) || meta.exif.includes(Buffer.from([0x25, 0x88])));
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-image-input-'));
  const input = path.join(tmp, 'phone.jpg');
  writeFileSync(input, jpeg);
  try {
    const s = {};
    for (const name of ['copy', 'decode', 'cover', 'photo', 'decodex4', 'coverx4', 'photox4']) {
      s[name] = await child(['--scenario', name, input]);
      console.log(
        `[image-pipeline] ${name}: median ${s[name].wall_ms_median} ms, cpu ${s[name].cpu_ms_median} ms, peak RSS +${s[name].peak_rss_growth_mb} MB`,
      );
    }
    // The same uploads with glibc limited to two malloc arenas (sharp's documented advice on glibc; not set by the
    // server today): how much of the peak is the allocator's per-thread arenas rather than pixels.
    const arenas = { MALLOC_ARENA_MAX: '2' };
    s.cover_arenas2 = await child(['--scenario', 'cover', input], arenas);
    s.coverx4_arenas2 = await child(['--scenario', 'coverx4', input], arenas);
    console.log(
      `[image-pipeline] MALLOC_ARENA_MAX=2: cover peak RSS +${s.cover_arenas2.peak_rss_growth_mb} MB, 4 at once +${s.coverx4_arenas2.peak_rss_growth_mb} MB`,
    );
    const stepTimes = await child(['--steps', input]);
    const ratio = (a, b) => (b > 0 ? round(a / b, 1) : null);
    const vs = (x, base) => ({
      wall: ratio(x.wall_ms_median, base.wall_ms_median),
      cpu: ratio(x.cpu_ms_median, base.cpu_ms_median),
      peak_rss_growth: ratio(x.peak_rss_growth_mb, base.peak_rss_growth_mb),
    });
    return {
      method: `a ${WIDTH}x${HEIGHT} JPEG (quality 90, EXIF with GPS, generated in memory: gradients, value noise and sensor-like noise) stored through storeImage of apps/server/src/lib/image-store.ts (sources via tsx); each scenario in its own child process, ${WARMUP} warm-ups then ${RUNS} runs one after the other (concurrent: ${CONCURRENT} uploads at once, 1 warm-up round then ${CONCURRENT_ROUNDS} rounds); CPU = process.cpuUsage over all threads; peak RSS = VmHWM reset after start-up minus RSS at rest (sharp loaded, upload in memory); external/arrayBuffers sampled every 5 ms. Baselines: writeFile of the same bytes unchanged (the old upload path) and sharp(jpeg).raw().toBuffer() (a plain decode); for contrast, the cover uploads again with MALLOC_ARENA_MAX=2`,
      input: {
        width: meta.width,
        height: meta.height,
        kb: round(jpeg.length / 1024, 0),
        exif_with_gps: hasGps,
        generate_ms: round(genMs, 0),
      },
      sharp: {
        version: sharp.versions?.sharp,
        libvips: sharp.versions?.vips,
        concurrency: sharp.concurrency(),
        uv_threadpool_size: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
      },
      baseline_copy: s.copy,
      baseline_decode: s.decode,
      cover: s.cover,
      photo: s.photo,
      cover_vs_decode: vs(s.cover, s.decode),
      photo_vs_decode: vs(s.photo, s.decode),
      cover_vs_copy_wall: ratio(s.cover.wall_ms_median, s.copy.wall_ms_median),
      photo_vs_copy_wall: ratio(s.photo.wall_ms_median, s.copy.wall_ms_median),
      concurrent_baseline_decode: s.decodex4,
      concurrent_cover: s.coverx4,
      concurrent_photo: s.photox4,
      concurrent_cover_vs_one_cover: {
        wall: ratio(s.coverx4.wall_ms_median, s.cover.wall_ms_median),
        peak_rss_growth: ratio(s.coverx4.peak_rss_growth_mb, s.cover.peak_rss_growth_mb),
      },
      concurrent_cover_vs_concurrent_decode: vs(s.coverx4, s.decodex4),
      malloc_arena_max_2: { cover: s.cover_arenas2, concurrent_cover: s.coverx4_arenas2 },
      steps_ms_one_at_a_time: stepTimes,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf('--scenario');
if (at > 0) {
  process.send(await scenario(process.argv[at + 1], process.argv[at + 2]));
} else if (process.argv.includes('--steps')) {
  process.send(await steps(process.argv[process.argv.indexOf('--steps') + 1]));
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
  console.log(
    `input ${r.input.width}x${r.input.height} JPEG ${r.input.kb} KB\n` +
      `cover: ${r.cover.wall_ms_median} ms (p95 ${r.cover.wall_ms_p95}) = ${r.cover_vs_decode.wall}x a plain decode (${r.baseline_decode.wall_ms_median} ms), ${r.cover_vs_copy_wall}x a copy (${r.baseline_copy.wall_ms_median} ms); CPU ${r.cover.cpu_ms_median} ms = ${r.cover_vs_decode.cpu}x; peak RSS +${r.cover.peak_rss_growth_mb} MB = ${r.cover_vs_decode.peak_rss_growth}x\n` +
      `photo: ${r.photo.wall_ms_median} ms (p95 ${r.photo.wall_ms_p95}) = ${r.photo_vs_decode.wall}x a plain decode; CPU ${r.photo.cpu_ms_median} ms = ${r.photo_vs_decode.cpu}x; peak RSS +${r.photo.peak_rss_growth_mb} MB = ${r.photo_vs_decode.peak_rss_growth}x\n` +
      `${CONCURRENT} covers at once: ${r.concurrent_cover.wall_ms_median} ms, peak RSS +${r.concurrent_cover.peak_rss_growth_mb} MB (${r.concurrent_cover_vs_concurrent_decode.wall}x / ${r.concurrent_cover_vs_concurrent_decode.peak_rss_growth}x ${CONCURRENT} plain decodes at once)`,
  );
  console.log(`wrote ${writeResult('image-pipeline', r)}`);
}
