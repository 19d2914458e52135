/**
 * An S3 protocol endpoint for tests (@20minutes/s3rver: objects on the local disk, SigV4 checked, presigned URLs
 * expire), started once per run by the global setup.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The run's one bucket. */
export const TEST_S3_BUCKET = 'training-test';

/** s3rver accepts these credentials (its documented defaults). */
export const TEST_S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startS3TestServer(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const { default: S3rver } = await import('@20minutes/s3rver');
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: TEST_S3_BUCKET }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The environment that points the app's S3 driver at the run's bucket, under a fresh key prefix of its own (so test
 * files never see each other's files, and the prefix setting is exercised everywhere).
 */
export function s3TestEnv(endpoint: string): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: TEST_S3_BUCKET,
    S3_ACCESS_KEY_ID: TEST_S3_KEY.accessKeyId,
    S3_SECRET_ACCESS_KEY: TEST_S3_KEY.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: `t${randomBytes(8).toString('hex')}/`,
  };
}
