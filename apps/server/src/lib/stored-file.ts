import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { App } from './app-module';
import { AppError } from './app-error';
import { mimeOfStoredAvatar } from './image-type';

/**
 * Sends a file the platform stored (an upload), never as something the browser may run or re-type: the type the
 * server decided, `nosniff`, a sandboxing CSP, and its length. `cache` is 'public' for immutable public images and
 * 'private' for files only their viewer may see. A missing file answers `notFound`.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  file: string,
  options: { mime: string; cache: 'public' | 'private'; notFound: AppError; disposition?: string },
): Promise<FastifyReply> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw options.notFound;
  reply
    .type(options.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', options.cache === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store');
  if (options.disposition) reply.header('content-disposition', options.disposition);
  return reply.header('content-length', info.size).send(createReadStream(file));
}

/**
 * GET `${prefix}:name` serving the images an area stored in `dir` under generated names (32 hex characters and the
 * extension of the detected type): any other name is 404, and the type comes from that extension.
 */
export function registerStoredImageRoute(
  app: App,
  options: { prefix: string; dir: string; summary: string; tags: string[] },
): void {
  app.get<{ Params: { name: string } }>(
    `${options.prefix}:name`,
    { schema: { summary: options.summary, tags: options.tags, hide: true } },
    async (request, reply) => {
      const mime = mimeOfStoredAvatar(request.params.name);
      if (!mime) throw new AppError(404);
      return sendStoredFile(reply, path.join(options.dir, request.params.name), {
        mime,
        cache: 'public',
        notFound: new AppError(404),
      });
    },
  );
}
