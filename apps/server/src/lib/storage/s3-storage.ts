/**
 * The S3-compatible driver (AWS SDK for JavaScript v3): Aliyun OSS, Tencent COS, MinIO and AWS S3 all speak this
 * API. A key `k` is the object `<prefix>k` of one bucket. Reads for browsers are presigned GET URLs (SigV4, query
 * signed: they expire, and any change to the URL breaks the signature); public files may be linked through a CDN base
 * URL instead. The SDK is imported on first use, so a process on the local driver never loads it.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { streamToFile } from './local-storage';
import {
  assertStorageKey,
  assertStoragePrefix,
  StorageChecksumError,
  StorageConflictError,
  type ByteRange,
  type Storage,
  type StoredObjectInfo,
} from './storage';

export interface S3StorageConfig {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (`endpoint/bucket/key`): MinIO and most on-premises servers. */
  forcePathStyle: boolean;
  /** Prefix of every object's name (several sites in one bucket), '' or ending in `/`. */
  prefix: string;
  /** Base URL of a CDN (or public bucket) in front of the public files, without trailing slash. */
  publicBaseUrl: string | undefined;
}

type Sdk = typeof import('@aws-sdk/client-s3');
type Presigner = typeof import('@aws-sdk/s3-request-presigner');

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Path-style requests on the bucket itself (list, delete many) go to `/bucket`, not the SDK's `/bucket/`: the form
 * every S3-compatible server accepts, where some (s3rver among them) sign the other one differently.
 */
function bucketPathWithoutSlash(client: S3Client, config: S3StorageConfig): S3Client {
  if (!config.forcePathStyle) return client;
  const bucketPath = `/${config.bucket}/`;
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path === bucketPath) request.path = bucketPath.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  );
  return client;
}

/**
 * The exports of a CommonJS package loaded with `import()`: the named exports themselves from source (Node, vitest),
 * or under `default` from the built server, whose split bundle gives a CommonJS package's chunk a default export only.
 */
function commonJsExports<T extends object>(mod: T): T {
  const fallback = (mod as { default?: T }).default;
  return Object.keys(mod).length <= 1 && fallback && typeof fallback === 'object' ? fallback : mod;
}

export function createS3Storage(config: S3StorageConfig): Storage & { client(): Promise<S3Client> } {
  let loaded: Promise<{ sdk: Sdk; presigner: Presigner; client: S3Client }> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(([sdkModule, presignerModule]) => {
      const sdk = commonJsExports(sdkModule);
      const presigner = commonJsExports(presignerModule);
      return {
      sdk,
      presigner,
      client: bucketPathWithoutSlash(new sdk.S3Client({
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // OSS, COS and older MinIO refuse the CRC32 trailers the SDK would add by default.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }), config),
      };
    }));
  const Bucket = config.bucket;
  const name = (key: string) => config.prefix + assertStorageKey(key);

  async function stat(key: string): Promise<StoredObjectInfo | null> {
    const { sdk, client } = await load();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: name(key) }));
      return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async function get(key: string, range?: ByteRange): Promise<Readable | null> {
    const { sdk, client } = await load();
    try {
      const res = await client.send(
        new sdk.GetObjectCommand({ Bucket, Key: name(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async function put(key: string, body: Buffer | string | Readable, contentType: string, length: number, ifAbsent?: boolean) {
    const { sdk, client } = await load();
    try {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: name(key),
          Body: body,
          ContentType: contentType,
          ContentLength: length,
          // Conditional write (S3, MinIO, OSS and COS support If-None-Match: * on PUT).
          ...(ifAbsent ? { IfNoneMatch: '*' } : {}),
        }),
      );
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (ifAbsent && (status === 412 || status === 409)) throw new StorageConflictError(key);
      throw err;
    }
  }

  async function* list(prefix: string): AsyncGenerator<{ key: string; size: number }> {
    assertStoragePrefix(prefix);
    const { sdk, client } = await load();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket, Prefix: config.prefix + prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key.slice(config.prefix.length), size: o.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    driver: 's3',
    client: async () => (await load()).client,

    async put(key, body, options) {
      if (options.ifAbsent && (await stat(key))) throw new StorageConflictError(key);
      await put(key, body, options.contentType, Buffer.byteLength(body), options.ifAbsent);
    },

    async putFile(key, file, options) {
      const { size } = await fs.stat(file);
      if (options.ifAbsent && (await stat(key))) throw new StorageConflictError(key);
      await put(key, createReadStream(file), options.contentType, size, options.ifAbsent);
    },

    async read(key) {
      const body = await get(key);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },

    stream: get,
    stat,

    async download(key, file) {
      const body = await get(key);
      if (!body) return false;
      await streamToFile(body, file);
      return true;
    },

    async delete(key) {
      const { sdk, client } = await load();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: name(key) }));
    },

    async deletePrefix(prefix) {
      if (prefix === '') throw new Error('refusing to delete every stored file');
      const { sdk, client } = await load();
      const batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        batch.length = 0;
      };
      for await (const o of list(prefix)) {
        batch.push(config.prefix + o.key);
        if (batch.length === 1000) await flush();
      }
      await flush();
    },

    list,

    async signedReadUrl(key, options) {
      const { sdk, presigner, client } = await load();
      return presigner.getSignedUrl(
        client,
        new sdk.GetObjectCommand({
          Bucket,
          Key: name(key),
          ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
          ...(options.disposition ? { ResponseContentDisposition: options.disposition } : {}),
        }),
        { expiresIn: options.expiresInS },
      );
    },

    async signedUpload(key, options) {
      const { sdk, presigner, client } = await load();
      const url = await presigner.getSignedUrl(
        client,
        new sdk.PutObjectCommand({ Bucket, Key: name(key), ContentType: options.contentType }),
        { expiresIn: options.expiresInS, signableHeaders: new Set(['content-type']) },
      );
      return { method: 'PUT', url, headers: { 'content-type': options.contentType } };
    },

    publicUrl(key) {
      return config.publicBaseUrl ? `${config.publicBaseUrl}/${config.prefix}${assertStorageKey(key)}` : null;
    },

    multipart: {
      async create(key, contentType) {
        const { sdk, client } = await load();
        const res = await client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key: name(key), ContentType: contentType }));
        if (!res.UploadId) throw new Error('the storage gave no upload id');
        return res.UploadId;
      },
      async uploadPart(key, uploadId, partNumber, body, sha256) {
        // Checked here, so a damaged part never reaches the bucket; Content-MD5 (which OSS, COS, MinIO and S3 all
        // check) guards the bytes on their way there.
        if (createHash('sha256').update(body).digest('hex') !== sha256.toLowerCase()) throw new StorageChecksumError(partNumber);
        const { sdk, client } = await load();
        const res = await client.send(
          new sdk.UploadPartCommand({
            Bucket,
            Key: name(key),
            UploadId: uploadId,
            PartNumber: partNumber,
            Body: body,
            ContentLength: body.length,
            ContentMD5: createHash('md5').update(body).digest('base64'),
          }),
        );
        if (!res.ETag) throw new Error('the storage gave no part ETag');
        return { partNumber, etag: res.ETag };
      },
      async complete(key, uploadId, parts) {
        const { sdk, client } = await load();
        await client.send(
          new sdk.CompleteMultipartUploadCommand({
            Bucket,
            Key: name(key),
            UploadId: uploadId,
            MultipartUpload: {
              Parts: [...parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
            },
          }),
        );
      },
      async abort(key, uploadId) {
        const { sdk, client } = await load();
        await client.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: name(key), UploadId: uploadId })).catch((err: unknown) => {
          if (!notFound(err)) throw err;
        });
      },
    },
  };
}
