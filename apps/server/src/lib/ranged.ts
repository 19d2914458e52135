/**
 * HTTP Range for files and bytes the platform serves itself (lesson videos, HLS segments, magazine PDFs, stored files
 * on the local disk): 206 partial content, 416, and validators.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { ByteRange } from './storage/storage';

export type { ByteRange };

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

/** A file (or bytes) answered with validators and HTTP Range support. */
export interface RangedFile {
  size: number;
  mtime: Date;
  contentType: string;
  /** Cache-Control of the answer; `private, max-age=3600` (signed per viewer) by default. */
  cacheControl?: string;
  /** The whole body (no range) or the inclusive byte range. */
  body(range: ByteRange | null): NodeJS.ReadableStream | Buffer | Promise<Buffer | NodeJS.ReadableStream>;
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
    .header('cache-control', file.cacheControl ?? 'private, max-age=3600');
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

