import type { App } from './app-module';
import { AppError } from './app-error';
import { mimeOfStoredAvatar } from './image-type';
import { assertStoragePrefix, sendStoredObject, type Storage } from './storage';

/**
 * GET `${prefix}:name` serving the public images an area stored below `keyPrefix` in `storage` under generated names
 * (32 hex characters and the extension of the detected type): any other name is 404, and the type comes from that
 * extension. On the local disk the app sends the bytes (immutable caching); on object storage it redirects to the
 * CDN, or to a short-lived signed link (`ttlS` seconds) when no CDN is configured.
 */
export function registerStoredImageRoute(
  app: App,
  options: { prefix: string; storage: Storage; keyPrefix: string; ttlS: number; summary: string; tags: string[] },
): void {
  assertStoragePrefix(options.keyPrefix);
  app.get<{ Params: { name: string } }>(
    `${options.prefix}:name`,
    { schema: { summary: options.summary, tags: options.tags, hide: true } },
    async (request, reply) => {
      const mime = mimeOfStoredAvatar(request.params.name);
      if (!mime) throw new AppError(404);
      return sendStoredObject(request, reply, options.storage, options.keyPrefix + request.params.name, {
        contentType: mime,
        access: 'public',
        ttlS: options.ttlS,
        notFound: new AppError(404),
      });
    },
  );
}
