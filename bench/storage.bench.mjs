// Cost of the storage port (apps/server/src/lib/storage) on both drivers: uploading a 100 MB lesson video (multipart,
// 16 MiB parts, each with its SHA-256, as the video upload does) and a 2 MB magazine PDF (one put), and the time to
// the first byte of reading each back, on the local disk and on an S3-compatible server (s3rver on loopback). Every
// figure is set against a baseline of the same run on the same bytes: fs.copyFile for uploads to disk, a plain
// node:http PUT to a bare server that writes the body to disk for uploads over HTTP, fs.createReadStream and a plain
// node:http GET of the same file for the first byte. s3rver and the bare HTTP server run in this process; the
// measurements run in a child process (`node --import tsx`, the server's TypeScript sources).
import { fork } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startS3rver } from '../scripts/lib/stack.mjs';
import { median, round, writeResult } from './lib.mjs';

const self = fileURLToPath(import.meta.url);
const serverSrc = path.resolve(path.dirname(self), '..', 'apps', 'server', 'src');
const MB = 1000 * 1000;
const PART = 16 * 1024 * 1024;
const FILES = {
  video: { name: 'lesson.mp4', bytes: 100 * MB, runs: Number(process.env.BENCH_STORAGE_VIDEO_RUNS ?? 3) },
  pdf: { name: 'magazine.pdf', bytes: 2 * MB, runs: Number(process.env.BENCH_STORAGE_PDF_RUNS ?? 10) },
};

async function writeRandomFile(file, bytes) {
  const out = createWriteStream(file);
  const chunk = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= chunk.length) {
    randomFillSync(chunk);
    if (!out.write(left >= chunk.length ? Buffer.from(chunk) : chunk.subarray(0, left))) {
      await new Promise((r) => out.once('drain', r));
    }
  }
  await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
}

/** A bare node:http server: PUT /x writes the body to `dir/x`, GET /x streams `dir/x`. */
function bareServer(dir) {
  const server = http.createServer(async (req, res) => {
    const file = path.join(dir, path.basename(req.url));
    if (req.method === 'PUT') {
      await pipeline(req, createWriteStream(file));
      res.end();
    } else {
      const st = await fs.stat(file).catch(() => null);
      if (!st) return res.writeHead(404).end();
      res.writeHead(200, { 'content-length': st.size });
      createReadStream(file).pipe(res);
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() })),
  );
}

// ------------------------------------------------------------------ child: the measurements

/** Milliseconds from calling `open` to the first chunk of the stream it gives. */
async function firstByte(open) {
  const t0 = performance.now();
  const stream = await open();
  await new Promise((resolve, reject) => {
    stream.once('data', resolve);
    stream.once('error', reject);
  });
  const ms = performance.now() - t0;
  stream.destroy();
  return ms;
}

const httpGet = (url) =>
  new Promise((resolve, reject) => http.get(url, (res) => (res.statusCode === 200 ? resolve(res) : reject(new Error(`GET ${res.statusCode}`)))).on('error', reject));

function httpPut(url, file) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'PUT' }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

async function uploadThroughPort(storage, key, file, size, multipart) {
  if (!multipart) return storage.putFile(key, file, { contentType: 'application/pdf' });
  const id = await storage.multipart.create(key, 'video/mp4');
  const handle = await fs.open(file, 'r');
  const parts = [];
  try {
    for (let offset = 0, n = 1; offset < size; offset += PART, n++) {
      const body = Buffer.alloc(Math.min(PART, size - offset));
      await handle.read(body, 0, body.length, offset);
      parts.push(await storage.multipart.uploadPart(key, id, n, body, createHash('sha256').update(body).digest('hex')));
    }
  } finally {
    await handle.close();
  }
  await storage.multipart.complete(key, id, parts);
}

async function measure(config) {
  const { createLocalStorage, createS3Storage } = await import(pathToFileURL(path.join(serverSrc, 'lib', 'storage', 'index.ts')).href);
  const local = createLocalStorage(path.join(config.dir, 'local'));
  const s3 = createS3Storage({ ...config.s3, publicBaseUrl: undefined });
  const out = {};
  for (const [kind, f] of Object.entries(FILES)) {
    const file = path.join(config.dir, f.name);
    const multipart = kind === 'video';
    const times = { copy: [], http_put: [], local_upload: [], s3_upload: [], fs_first_byte: [], http_first_byte: [], local_first_byte: [], s3_first_byte: [], s3_signed_first_byte: [] };
    // One warm-up round (not counted), then the runs; each round does every step once, in the same order.
    for (let i = -1; i < f.runs; i++) {
      const key = `${multipart ? 'videos' : 'magazines'}/bench/${i + 1}-${f.name}`;
      const t = {};
      let t0 = performance.now();
      await fs.copyFile(file, path.join(config.dir, 'copy-target'));
      t.copy = performance.now() - t0;
      t0 = performance.now();
      await httpPut(`${config.bare}/${f.name}.put`, file);
      t.http_put = performance.now() - t0;
      t0 = performance.now();
      await uploadThroughPort(local, key, file, f.bytes, multipart);
      t.local_upload = performance.now() - t0;
      t0 = performance.now();
      await uploadThroughPort(s3, key, file, f.bytes, multipart);
      t.s3_upload = performance.now() - t0;

      t.fs_first_byte = await firstByte(async () => createReadStream(file));
      t.http_first_byte = await firstByte(() => httpGet(`${config.bare}/${f.name}`));
      t.local_first_byte = await firstByte(() => local.stream(key));
      t.s3_first_byte = await firstByte(() => s3.stream(key));
      // What a browser waits for after the app's 302: the signed URL is made, then read.
      t.s3_signed_first_byte = await firstByte(async () => httpGet(await s3.signedReadUrl(key, { expiresInS: 300 })));
      if (i === -1) {
        // The warm-up also proves the copies are whole.
        const want = createHash('sha256').update(await fs.readFile(file)).digest('hex');
        for (const st of [local, s3]) {
          if (createHash('sha256').update(await st.read(key)).digest('hex') !== want) throw new Error(`${kind}: copy differs`);
        }
      } else {
        for (const [k, v] of Object.entries(t)) times[k].push(v);
      }
      await local.delete(key);
      await s3.delete(key);
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, round(median(v), 1)]));
    const x = (a, b) => round(m[a] / m[b], 2);
    out[kind] = {
      bytes: f.bytes,
      runs: f.runs,
      median_ms: m,
      upload_ratio: {
        local_vs_copy: x('local_upload', 'copy'),
        s3_vs_copy: x('s3_upload', 'copy'),
        s3_vs_http_put: x('s3_upload', 'http_put'),
      },
      first_byte_ratio: {
        local_vs_fs: x('local_first_byte', 'fs_first_byte'),
        s3_vs_http: x('s3_first_byte', 'http_first_byte'),
        s3_signed_vs_http: x('s3_signed_first_byte', 'http_first_byte'),
      },
      upload_mb_per_s: {
        copy: round(f.bytes / MB / (m.copy / 1000), 0),
        local: round(f.bytes / MB / (m.local_upload / 1000), 0),
        s3: round(f.bytes / MB / (m.s3_upload / 1000), 0),
        http_put: round(f.bytes / MB / (m.http_put / 1000), 0),
      },
    };
  }
  return out;
}

// ------------------------------------------------------------------ parent

export async function run() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-storage-'));
  let s3rver;
  let bare;
  try {
    for (const f of Object.values(FILES)) await writeRandomFile(path.join(dir, f.name), f.bytes);
    s3rver = await startS3rver({ dir: path.join(dir, 's3'), bucket: 'bench' });
    bare = await bareServer(path.join(dir));
    const e = s3rver.env;
    const config = {
      dir,
      bare: bare.base,
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: true,
        prefix: 'bench/',
      },
    };
    const result = await new Promise((resolve, reject) => {
      const proc = fork(self, ['--measure', JSON.stringify(config)], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      let answer;
      proc.on('message', (m) => (answer = m));
      proc.on('error', reject);
      proc.on('exit', (code) => (code === 0 && answer ? resolve(answer) : reject(new Error(`measurement exited with ${code}`))));
    });
    return {
      method: `a ${FILES.video.bytes / MB} MB video (random bytes) uploaded through the storage port as a multipart upload of ${PART / 1024 / 1024} MiB parts (each with its SHA-256) and a ${FILES.pdf.bytes / MB} MB PDF uploaded with one putFile, on the local driver and on the S3 driver against s3rver on loopback (in the parent process; the measurements in a child process through tsx), then the time to the first byte of reading each back (stream(); on S3 also the signed URL a browser follows after the app's 302); 1 warm-up round then ${FILES.video.runs} (video) / ${FILES.pdf.runs} (PDF) rounds, medians. Baselines in the same rounds on the same bytes: fs.copyFile, a plain node:http PUT to a bare server writing the body to disk, fs.createReadStream and a plain node:http GET of the same file from that server`,
      ...result,
    };
  } finally {
    bare?.close();
    await s3rver?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf('--measure');
if (at > 0) {
  process.send(await measure(JSON.parse(process.argv[at + 1])));
  process.exit(0);
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
  console.log(`wrote ${writeResult('storage', r)}`);
}
