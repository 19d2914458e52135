/**
 * The one port through which the platform keeps files: uploads (avatars, article and Q&A images, scans, evidence,
 * invoices), lesson videos and their HLS renditions, magazine PDFs, live replays. Two drivers implement it: the
 * local disk under DATA_DIR (the default, so `npm start` needs nothing) and S3-compatible object storage (Aliyun OSS,
 * Tencent COS, MinIO, AWS S3). A file is named by its key, a relative path such as `uploads/avatars/<hex>.webp`;
 * the local driver keeps it at `DATA_DIR/<key>`, the S3 driver as the object `<prefix><key>` of the bucket, so the
 * database never records which driver holds a file and moving between them rewrites no row.
 */
import type { Readable } from 'node:stream';

export type StorageDriverName = 'local' | 's3';

/** An inclusive byte range (HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObjectInfo {
  size: number;
  mtime: Date;
}

export interface PutOptions {
  contentType: string;
  /** Refuse (throw StorageConflictError) when the key already holds a file. */
  ifAbsent?: boolean;
}

export interface SignedReadOptions {
  /** Seconds the URL stays valid. */
  expiresInS: number;
  /** The type the response declares (S3 `response-content-type`). */
  contentType?: string;
  /** A Content-Disposition for the response (`attachment; filename="..."`). */
  disposition?: string;
}

export interface SignedUploadOptions {
  expiresInS: number;
  contentType: string;
}

/** A direct upload the browser (or a tool) sends to storage: PUT `url` with `headers`. */
export interface SignedUpload {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
}

/**
 * A multipart upload of a large file (a lesson video): parts of at least 5 MiB (but the last), each sent with its
 * SHA-256, then joined in order. The S3 driver uses the bucket's multipart upload; the local driver writes the parts
 * beside the target and joins them into it.
 */
export interface MultipartUploads {
  create(key: string, contentType: string): Promise<string>;
  /** Sends part `partNumber` (1-based); `sha256` is its hex digest, checked before the part is kept. */
  uploadPart(key: string, uploadId: string, partNumber: number, body: Buffer, sha256: string): Promise<UploadedPart>;
  complete(key: string, uploadId: string, parts: UploadedPart[]): Promise<void>;
  abort(key: string, uploadId: string): Promise<void>;
}

export interface Storage {
  readonly driver: StorageDriverName;
  /** Writes `body` under `key` (replacing it unless `ifAbsent`). */
  put(key: string, body: Buffer | string, options: PutOptions): Promise<void>;
  /** Writes the local file `file` under `key` (streamed: videos and their renditions). */
  putFile(key: string, file: string, options: PutOptions): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** A stream of the file (or of `range` of it), or null when there is none. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Size and modification time, or null when there is none. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** Copies the file to the local path `file` (ffmpeg reads a local file), or returns false when there is none. */
  download(key: string, file: string): Promise<boolean>;
  /** Removes the file; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Removes every file under `prefix` (a key ending in `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every file under `prefix` ('' for all), in key order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /**
   * A URL from which a browser reads the file straight from storage until it expires, or null when the driver has
   * none (the local disk: the app itself answers, see sendStoredObject).
   */
  signedReadUrl(key: string, options: SignedReadOptions): Promise<string | null>;
  /** A direct upload to storage, or null when the driver takes uploads only through the app. */
  signedUpload(key: string, options: SignedUploadOptions): Promise<SignedUpload | null>;
  /** The CDN (or public bucket) URL of a public file, or null when none is configured. */
  publicUrl(key: string): string | null;
  readonly multipart: MultipartUploads;
}

/** A put with `ifAbsent` found the key taken. */
export class StorageConflictError extends Error {
  constructor(readonly key: string) {
    super(`storage key already holds a file: ${key}`);
    this.name = 'StorageConflictError';
  }
}

/** A part's bytes do not match the SHA-256 sent with it. */
export class StorageChecksumError extends Error {
  constructor(readonly partNumber: number) {
    super(`part ${partNumber} does not match its SHA-256`);
    this.name = 'StorageChecksumError';
  }
}

const SEGMENT = /^[A-Za-z0-9_][\w.-]{0,127}$/;

/** Throws unless `key` is a relative path of safe segments (no `..`, no empty or hidden segment, no backslash). */
export function assertStorageKey(key: string): string {
  const parts = key.split('/');
  if (key.length > 512 || parts.some((p) => !SEGMENT.test(p) || p === '..' || /^\.+$/.test(p)))
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Throws unless `prefix` is '' or a key followed by `/`. */
export function assertStoragePrefix(prefix: string): string {
  if (prefix !== '' && (!prefix.endsWith('/') || (assertStorageKey(prefix.slice(0, -1)), false))) {
    throw new Error(`invalid storage prefix: ${JSON.stringify(prefix)}`);
  }
  return prefix;
}

/** Parts of a multipart upload must be at least this large, but the last (S3's rule, kept by both drivers). */
export const MULTIPART_MIN_PART_BYTES = 5 * 1024 * 1024;

/**
 * Every stored file's key starts with one of these: on the local disk DATA_DIR also holds the embedded database and
 * live streams, which are not stored files (storage:migrate and backups copy exactly these prefixes).
 */
export const STORED_FILE_PREFIXES = ['uploads/', 'videos/', 'magazines/'] as const;
