import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The CSP fits the Vite-built React + antd site (antd writes CSS-in-JS <style> tags, hence
 * 'unsafe-inline' for styles only) and the swagger UI at /api/docs (external scripts only).
 * No upgrade-insecure-requests: the embedded default also runs on plain-http intranet addresses.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  });
}
