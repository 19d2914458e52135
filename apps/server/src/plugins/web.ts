import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { NotFoundFallback } from './error-handler';

const NOT_BUILT_TEXT = '网站前端尚未构建，请先运行 npm run build（The web app is not built yet）。';

/** Suffixes of the precompressed siblings the web build writes next to its text files (see apps/web/vite.config.ts). */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, index.html never is, and any
 * other GET path that is not a file answers index.html so the client router can take it. Returns the fallback
 * the not-found handler calls; /api/... never reaches it.
 *
 * Text files are sent precompressed: the build writes `x.js.br` and `x.js.gz` next to `x.js`, and @fastify/static
 * (`preCompressed`) picks br, then gzip, by the request's Accept-Encoding, falling back to the plain file (also
 * when no sibling exists); every such response carries `Vary: Accept-Encoding`. Nothing is compressed per request.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string): Promise<NotFoundFallback> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app not built; pages answer a notice');
    return async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_TEXT);
      return true;
    };
  }

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: true,
    index: 'index.html',
    preCompressed: true,
    setHeaders(reply, filePath) {
      // filePath is the file actually sent, e.g. index.html.br: caching follows the file it stands for.
      const rel = path.relative(webDistDir, filePath).split(path.sep).join('/').replace(PRECOMPRESSED_SUFFIX, '');
      if (rel.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else if (rel === 'index.html') reply.header('cache-control', 'no-cache');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });

  return async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    // A missing hashed chunk (stale tab after a deploy) must fail as a 404, not parse HTML as JavaScript.
    if (request.url.startsWith('/assets/')) return false;
    await reply.code(200).header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    return true;
  };
}
