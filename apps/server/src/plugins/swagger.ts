import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** Response headers of the documentation instance that the main server sets itself. */
const OWN_HEADERS = new Set(['content-length', 'connection', 'date', 'keep-alive', 'transfer-encoding']);

/**
 * OpenAPI generated from the route schemas: JSON at /api/docs/json, browsable UI at /api/docs.
 *
 * The document is collected as routes register (@fastify/swagger, bundled). The UI (@fastify/swagger-ui, with its
 * YAML writer and static-file server, loaded from node_modules) cost about 160 ms of every start and a few MB of an
 * idle process for a page staff open now and then, so it is built on the first request under /api/docs: a small
 * Fastify instance serving the finished document, to which these routes hand the request.
 */
export async function registerSwagger(app: FastifyInstance, siteName: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${siteName} API`,
        description:
          '所有接口返回 `{ code, message, data }`，code 为 200 表示成功；出错时 HTTP 状态码与 code 相同。',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  let docs: Promise<FastifyInstance> | undefined;
  const build = async () => {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    const instance = Fastify({ logger: false });
    await instance.register(swagger, { mode: 'static', specification: { document: app.swagger() as StaticDocumentSpec['document'] } });
    await instance.register(swaggerUi, { routePrefix: DOCS_PREFIX });
    await instance.ready();
    return instance;
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= build().catch((err: unknown) => {
      docs = undefined;
      throw err;
    });
    const res = await (await docs).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: request.headers,
    });
    // A file the UI does not have gets the site's own 404 envelope.
    if (res.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !OWN_HEADERS.has(name)) reply.header(name, value);
    }
    return reply.code(res.statusCode).send(res.rawPayload);
  };
  for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/*`]) {
    app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler });
  }
  app.addHook('onClose', async () => {
    if (docs) await (await docs.catch(() => undefined))?.close();
  });
}
