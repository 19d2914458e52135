import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_LINK_HEADER } from '@app/contracts';
import type { Config } from '../../config/config';
import type { AppError } from '../app-error';
import { sendRanged } from '../ranged';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

export * from './storage';
export { createLocalStorage } from './local-storage';
export { createS3Storage, type S3StorageConfig } from './s3-storage';

/** The storage the configuration names: the local disk under DATA_DIR, or the S3-compatible bucket. */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  const s = config.storage;
  return s.driver === 's3' ? createS3Storage(s) : createLocalStorage(config.dataDir);
}

/**
 * The origins browsers read stored files from on object storage: the bucket as presigned links name it (path style:
 * the endpoint; virtual-hosted: `<bucket>.<endpoint host>`; AWS without an endpoint: `<bucket>.s3.<region>.amazonaws.com`)
 * and the CDN. None on the local disk (the site itself answers).
 */
export function storageOrigins(storage: Config['storage']): string[] {
  if (storage.driver !== 's3') return [];
  let bucket: string;
  if (storage.endpoint) {
    const url = new URL(storage.endpoint);
    bucket = storage.forcePathStyle ? url.origin : `${url.protocol}//${storage.bucket}.${url.host}`;
  } else {
    bucket = `https://${storage.bucket}.s3.${storage.region}.amazonaws.com`;
  }
  const cdn = storage.publicBaseUrl ? new URL(storage.publicBaseUrl).origin : null;
  return [...new Set([bucket, ...(cdn ? [cdn] : [])])];
}


export interface SendStoredOptions {
  contentType: string;
  /** 'public': anyone may read it (covers, avatars, article images); 'private': only after the route's checks. */
  access: 'public' | 'private';
  /** Seconds a signed link lives (private files on object storage). */
  ttlS: number;
  /** Thrown when there is no such file. */
  notFound: AppError;
  /** Content-Disposition, e.g. `attachment; filename="invoice.pdf"`. */
  disposition?: string;
}

/**
 * Answers a stored file after the route's own checks. On object storage the browser is redirected to the file
 * itself: a public file to the CDN base URL when one is configured, anything else to a short-lived signed URL; the
 * process never carries the bytes. A request with FILE_LINK_HEADER gets that link in an envelope instead. On the local disk the process answers with the bytes: HTTP Range, validators,
 * `nosniff`, a sandboxing CSP, and caching by access.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  o: SendStoredOptions,
): Promise<FastifyReply> {
  const info = await storage.stat(key);
  if (!info) throw o.notFound;
  if (storage.driver !== 'local') {
    const cdn = o.access === 'public' ? storage.publicUrl(key) : null;
    const url =
      cdn ??
      (await storage.signedReadUrl(key, {
        expiresInS: o.ttlS,
        contentType: o.contentType,
        ...(o.disposition ? { disposition: o.disposition } : {}),
      }));
    if (url && request.headers[FILE_LINK_HEADER] === '1') {
      return reply
        .header(FILE_LINK_HEADER, '1')
        .header('cache-control', 'private, no-store')
        .send({ code: 200, message: '', data: { url } });
    }
    if (url) {
      return reply
        .code(302)
        .header('location', url)
        .header('cache-control', cdn ? 'public, max-age=86400' : `private, max-age=${Math.floor(o.ttlS / 2)}`)
        .send();
    }
  }
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (o.disposition) reply.header('content-disposition', o.disposition);
  await sendRanged(request, reply, {
    size: info.size,
    mtime: info.mtime,
    contentType: o.contentType,
    // Public stored files have immutable random names; private ones are never kept by a shared cache.
    cacheControl: o.access === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
    body: async (range) => (await storage.stream(key, range ?? undefined))!,
  });
  return reply;
}
