import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers. The CSP fits the Vite-built React + antd site (antd writes CSS-in-JS <style> tags, hence
 * 'unsafe-inline' for styles only) and the swagger UI at /api/docs (external scripts only).
 * No upgrade-insecure-requests: the embedded default also runs on plain-http intranet addresses.
 */
const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
    },
  },
  // Lesson videos and images may be embedded by the association's own sites.
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * With WeChat switched on, pages inside WeChat load the official JS-SDK (res.wx.qq.com, res2 as its fallback host)
 * and may show WeChat avatars (qlogo.cn); nothing is widened otherwise.
 */
export function wechatHelmetOptions(): HelmetOptions {
  const csp = helmetOptions.contentSecurityPolicy as { directives: Record<string, string[]> };
  const d = csp.directives;
  return {
    ...helmetOptions,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...d,
        scriptSrc: [...d.scriptSrc!, 'https://res.wx.qq.com', 'https://res2.wx.qq.com'],
        imgSrc: [...d.imgSrc!, 'https://thirdwx.qlogo.cn', 'https://wx.qlogo.cn'],
      },
    },
  };
}

/**
 * The headers helmet would set, computed once: they depend only on the options, and running helmet's
 * middleware chain on every request cost several percent of CPU on the hottest endpoints.
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    res as unknown as ServerResponse,
    (err?: unknown) => {
      if (err) throw err;
    },
  );
  return headers;
}

/**
 * With files on object storage, pages load images, video, HLS segments and PDFs from the bucket (presigned links) and
 * the CDN: those origins join img-src, media-src and connect-src, and nothing else is widened.
 */
export function withStorageOrigins(options: HelmetOptions, origins: readonly string[]): HelmetOptions {
  if (origins.length === 0) return options;
  const d = (options.contentSecurityPolicy as { directives: Record<string, string[]> }).directives;
  return {
    ...options,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...d,
        imgSrc: [...d.imgSrc!, ...origins],
        mediaSrc: [...d.mediaSrc!, ...origins],
        connectSrc: [...d.connectSrc!, ...origins],
      },
    },
  };
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { wechat?: boolean; storageOrigins?: readonly string[] } = {},
): Promise<void> {
  const headers = securityHeaders(withStorageOrigins(options.wechat ? wechatHelmetOptions() : helmetOptions, options.storageOrigins ?? []));
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
