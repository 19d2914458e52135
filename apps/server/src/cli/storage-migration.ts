/**
 * Moves every stored file (the keys under STORED_FILE_PREFIXES) from one storage to another through the storage port:
 * the local disk under DATA_DIR to an S3-compatible bucket, or back. Each copy is read back from the target and
 * checked by size and SHA-256 before it counts. A journal (one JSON line per verified key) lets an interrupted run
 * resume: a rerun skips what is verified and copies (or re-checks) the rest. The source is only read, never changed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MULTIPART_MIN_PART_BYTES, STORED_FILE_PREFIXES, type Storage } from '../lib/storage';

export interface MigrationHooks {
  /** Called after a key is copied (or found identical) and verified; `n` counts them in this run. */
  afterVerified?(key: string, n: number): void | Promise<void>;
}

export interface MigrationOptions {
  source: Storage;
  target: Storage;
  /** Names of both sides as the journal records them (a journal of another pair of storages is refused). */
  sourceName: string;
  targetName: string;
  /** The journal file (JSON lines). */
  statePath: string;
  /** Files at least this large go to the target as a multipart upload (default 64 MiB). */
  multipartThreshold?: number;
  /** Size of a multipart part (default 16 MiB, at least 5 MiB). */
  partSize?: number;
  log?: (line: string) => void;
  hooks?: MigrationHooks;
  /** Refuse to start a new migration (no journal yet) when the target already holds stored files (restores). */
  requireEmptyTarget?: boolean;
}

export interface MigrationSummary {
  /** Files found under the stored prefixes of the source. */
  files: number;
  copied: number;
  /** Already verified by an earlier run (journal), or found identical on the target. */
  skipped: number;
  failed: { key: string; error: string }[];
  /** Bytes copied in this run. */
  bytesCopied: number;
  /** Bytes of every file of the source. */
  bytesTotal: number;
}

interface JournalEntry {
  key: string;
  size: number;
  sha256: string;
}

/** Thrown when a journal belongs to another pair of storages. */
export class MigrationStateError extends Error {}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
  '.ts': 'video/mp2t',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.vtt': 'text/vtt; charset=utf-8',
  '.srt': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.zip': 'application/zip',
};

/** The type an object gets on S3 (the local disk keeps none; the app names the type when it serves a file). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let i = -1;
  do {
    v /= 1024;
    i++;
  } while (v >= 1024 && i < units.length - 1);
  return `${v.toFixed(1)} ${units[i]}`;
}

async function readJournal(
  statePath: string,
  sourceName: string,
  targetName: string,
  beforeCreate: () => Promise<void>,
): Promise<Map<string, JournalEntry>> {
  const verified = new Map<string, JournalEntry>();
  let text: string;
  try {
    text = await fs.readFile(statePath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await beforeCreate();
    await fs.mkdir(path.dirname(statePath), { recursive: true });
    await fs.writeFile(statePath, `${JSON.stringify({ from: sourceName, to: targetName, started_at: new Date().toISOString() })}\n`);
    return verified;
  }
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const head = JSON.parse(lines[0] ?? '{}') as { from?: string; to?: string };
  if (head.from !== sourceName || head.to !== targetName) {
    throw new MigrationStateError(
      `${statePath} 记录的是另一次迁移 / records another migration (${head.from} -> ${head.to}); 请用 --state 指定新的文件 / name a new file with --state`,
    );
  }
  for (const line of lines.slice(1)) {
    // A line cut short by a crash is ignored: that key is copied again.
    try {
      const e = JSON.parse(line) as JournalEntry;
      if (typeof e.key === 'string' && typeof e.sha256 === 'string') verified.set(e.key, e);
    } catch {
      /* incomplete last line */
    }
  }
  return verified;
}

/** SHA-256 and length of a stream. */
async function digestOf(stream: NodeJS.ReadableStream): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    const b = chunk as Buffer;
    hash.update(b);
    size += b.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Streams the source file into `file`, hashing on the way. */
async function fetchToFile(source: Storage, key: string, file: string): Promise<{ sha256: string; size: number } | null> {
  const stream = await source.stream(key);
  if (!stream) return null;
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    stream,
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    }),
    createWriteStream(file),
  );
  return { sha256: hash.digest('hex'), size };
}

async function uploadMultipart(target: Storage, key: string, file: string, size: number, partSize: number): Promise<void> {
  const uploadId = await target.multipart.create(key, contentTypeOf(key));
  try {
    const handle = await fs.open(file, 'r');
    const parts = [];
    try {
      for (let offset = 0, n = 1; offset < size; offset += partSize, n++) {
        const length = Math.min(partSize, size - offset);
        const body = Buffer.alloc(length);
        await handle.read(body, 0, length, offset);
        parts.push(await target.multipart.uploadPart(key, uploadId, n, body, createHash('sha256').update(body).digest('hex')));
      }
    } finally {
      await handle.close();
    }
    await target.multipart.complete(key, uploadId, parts);
  } catch (err) {
    await target.multipart.abort(key, uploadId).catch(() => undefined);
    throw err;
  }
}

export async function migrateStorage(o: MigrationOptions): Promise<MigrationSummary> {
  const log = o.log ?? ((line: string) => console.log(line));
  const threshold = o.multipartThreshold ?? 64 * 1024 * 1024;
  const partSize = Math.max(o.partSize ?? 16 * 1024 * 1024, MULTIPART_MIN_PART_BYTES);
  const verified = await readJournal(o.statePath, o.sourceName, o.targetName, async () => {
    if (!o.requireEmptyTarget) return;
    for (const prefix of STORED_FILE_PREFIXES) {
      for await (const f of o.target.list(prefix)) {
        throw new MigrationStateError(`目标不是空的 / the target is not empty: ${o.targetName} holds ${f.key}`);
      }
    }
  });

  const files: { key: string; size: number }[] = [];
  for (const prefix of STORED_FILE_PREFIXES) for await (const f of o.source.list(prefix)) files.push(f);
  const summary: MigrationSummary = {
    files: files.length,
    copied: 0,
    skipped: 0,
    failed: [],
    bytesCopied: 0,
    bytesTotal: files.reduce((s, f) => s + f.size, 0),
  };
  log(`${o.sourceName} -> ${o.targetName}: ${files.length} 个文件 / files, ${formatBytes(summary.bytesTotal)}`);

  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-migrate-'));
  const record = async (entry: JournalEntry) => {
    await fs.appendFile(o.statePath, `${JSON.stringify(entry)}\n`);
    verified.set(entry.key, entry);
  };
  try {
    for (const [i, f] of files.entries()) {
      const step = `[${i + 1}/${files.length}] ${f.key} (${formatBytes(f.size)})`;
      const known = verified.get(f.key);
      if (known && known.size === f.size) {
        summary.skipped++;
        log(`${step} 已校验，跳过 / verified before, skipped`);
        continue;
      }
      const file = path.join(work, randomBytes(8).toString('hex'));
      try {
        const got = await fetchToFile(o.source, f.key, file);
        if (!got) throw new Error('源文件已不存在 / gone from the source');
        // A key the target already holds (a run cut off after the copy, before its journal line): read back, and
        // copied again only when it differs.
        const present = await o.target.stat(f.key);
        let copied = false;
        if (!present || present.size !== got.size || (await digestOf((await o.target.stream(f.key))!)).sha256 !== got.sha256) {
          if (got.size >= threshold) await uploadMultipart(o.target, f.key, file, got.size, partSize);
          else await o.target.putFile(f.key, file, { contentType: contentTypeOf(f.key) });
          copied = true;
        }
        const back = await o.target.stream(f.key);
        if (!back) throw new Error('目标中没有副本 / the copy is missing on the target');
        const check = await digestOf(back);
        if (check.size !== got.size || check.sha256 !== got.sha256) {
          throw new Error(`校验失败 / verification failed: ${check.size} B sha256 ${check.sha256} != ${got.size} B ${got.sha256}`);
        }
        await record({ key: f.key, size: got.size, sha256: got.sha256 });
        if (copied) {
          summary.copied++;
          summary.bytesCopied += got.size;
          log(`${step} 已复制并校验 / copied, verified`);
        } else {
          summary.skipped++;
          log(`${step} 目标已有相同副本 / identical on the target, verified`);
        }
        await o.hooks?.afterVerified?.(f.key, summary.copied + summary.skipped);
      } catch (err) {
        if (err instanceof MigrationInterrupted) throw err;
        const error = err instanceof Error ? err.message : String(err);
        summary.failed.push({ key: f.key, error });
        log(`${step} 失败 / FAILED: ${error}`);
      } finally {
        await fs.rm(file, { force: true });
      }
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
  return summary;
}

/** Thrown by a hook to stop a run at once (as a crash or Ctrl-C would). */
export class MigrationInterrupted extends Error {}

/** The closing report, in Chinese and English. */
export function summaryLines(s: MigrationSummary, from: string, to: string): string[] {
  const lines = [
    '',
    s.failed.length === 0 ? `迁移完成 / Migration complete: ${from} -> ${to}` : `迁移未完成 / Migration INCOMPLETE: ${from} -> ${to}`,
    `  文件 files:     ${s.files}`,
    `  已复制 copied:  ${s.copied} (${formatBytes(s.bytesCopied)})`,
    `  已跳过 skipped: ${s.skipped} (此前已校验或目标已有相同副本 / verified before or identical on the target)`,
    `  失败 failed:    ${s.failed.length}`,
    `  字节 bytes:     ${s.bytesTotal} (${formatBytes(s.bytesTotal)})`,
  ];
  for (const f of s.failed) lines.push(`    ${f.key}: ${f.error}`);
  if (s.failed.length) lines.push('  请排除原因后重新运行同一命令，已校验的文件不会再复制 / fix the cause and run the same command again; verified files are not copied again');
  return lines;
}
