/**
 * The local-disk driver: a file of key `k` is `<root>/k` (root = DATA_DIR), as the platform always kept its files, so
 * an existing installation needs no move. Writes go to a temporary name and are renamed into place, so a reader (or
 * another process on a shared disk) never sees half a file. Multipart uploads keep their parts under
 * `<root>/.multipart/<upload id>/` (a dot name no key can take) and join them on completion.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  assertStoragePrefix,
  StorageChecksumError,
  StorageConflictError,
  type ByteRange,
  type PutOptions,
  type Storage,
  type StoredObjectInfo,
  type UploadedPart,
} from './storage';

const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

export function createLocalStorage(root: string): Storage & { pathOf(key: string): string } {
  const pathOf = (key: string) => path.join(root, assertStorageKey(key));
  const multipartDir = (uploadId: string) => {
    if (!/^[0-9a-f]{32}$/.test(uploadId)) throw new Error('invalid upload id');
    return path.join(root, '.multipart', uploadId);
  };
  const tempOf = (file: string) => `${file}.${randomBytes(6).toString('hex')}.tmp`;

  async function place(key: string, options: PutOptions, write: (temp: string) => Promise<void>): Promise<void> {
    const file = pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = tempOf(file);
    try {
      await write(temp);
      if (options.ifAbsent) {
        // link() fails when the target exists: the check and the write are one step, also across processes.
        await fs.link(temp, file).catch((err: NodeJS.ErrnoException) => {
          throw err.code === 'EEXIST' ? new StorageConflictError(key) : err;
        });
      } else {
        await fs.rename(temp, file);
      }
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  async function stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const st = await fs.stat(pathOf(key));
      return st.isFile() ? { size: st.size, mtime: st.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function* walk(dir: string, rel: string): AsyncGenerator<{ key: string; size: number }> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name.endsWith('.tmp')) continue;
      const key = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) yield* walk(path.join(dir, e.name), key);
      else if (e.isFile()) yield { key, size: (await fs.stat(path.join(dir, e.name))).size };
    }
  }

  return {
    driver: 'local',
    pathOf,

    async put(key, body, options) {
      await place(key, options, (temp) => fs.writeFile(temp, body, { flag: 'wx', mode: 0o640 }));
    },

    async putFile(key, file, options) {
      await place(key, options, (temp) => fs.copyFile(file, temp));
    },

    async read(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (err) {
        if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw err;
      }
    },

    async stream(key, range?: ByteRange): Promise<Readable | null> {
      if (!(await stat(key))) return null;
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },

    stat,

    async download(key, file) {
      if (!(await stat(key))) return false;
      await fs.copyFile(pathOf(key), file);
      return true;
    },

    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      if (prefix === '') throw new Error('refusing to delete every stored file');
      await fs.rm(path.join(root, prefix), { recursive: true, force: true });
    },

    async *list(prefix) {
      assertStoragePrefix(prefix);
      const rel = prefix.replace(/\/$/, '');
      yield* walk(rel ? path.join(root, rel) : root, rel);
    },

    async signedReadUrl() {
      return null;
    },

    async signedUpload() {
      return null;
    },

    publicUrl() {
      return null;
    },

    multipart: {
      async create(key) {
        assertStorageKey(key);
        const uploadId = randomBytes(16).toString('hex');
        await fs.mkdir(multipartDir(uploadId), { recursive: true });
        return uploadId;
      },
      async uploadPart(key, uploadId, partNumber, body, sha256) {
        assertStorageKey(key);
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw new Error('invalid part number');
        const digest = createHash('sha256').update(body).digest('hex');
        if (digest !== sha256.toLowerCase()) throw new StorageChecksumError(partNumber);
        const dir = multipartDir(uploadId);
        const file = path.join(dir, String(partNumber));
        const temp = tempOf(file);
        await fs.writeFile(temp, body, { flag: 'wx' });
        await fs.rename(temp, file);
        return { partNumber, etag: `"${digest}"` };
      },
      async complete(key, uploadId, parts: UploadedPart[]) {
        const dir = multipartDir(uploadId);
        const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
        await place(key, { contentType: 'application/octet-stream' }, async (temp) => {
          const out = createWriteStream(temp, { flags: 'wx' });
          try {
            for (const part of ordered) {
              const bytes = await fs.readFile(path.join(dir, String(part.partNumber)));
              if (`"${createHash('sha256').update(bytes).digest('hex')}"` !== part.etag) throw new StorageChecksumError(part.partNumber);
              if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
            }
          } finally {
            await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
          }
        });
        await fs.rm(dir, { recursive: true, force: true });
      },
      async abort(_key, uploadId) {
        await fs.rm(multipartDir(uploadId), { recursive: true, force: true });
      },
    },
  };
}

/** Streams `source` into the local file `file` (used by drivers' downloads). */
export async function streamToFile(source: Readable, file: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await pipeline(source, createWriteStream(file));
}
