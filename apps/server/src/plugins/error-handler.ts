import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultErrorMessages, type Envelope, type ErrorCode } from '@app/contracts';
import { isDatabaseUnavailable } from '../db/client';
import { isAppError } from '../lib/app-error';

/** Answers a request no route matched, before the envelope 404 (e.g. the SPA's index.html). Returns true if it did. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '提交的内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度与内容不一致',
  FST_ERR_BAD_URL: '请求地址无效',
  FST_PARTS_LIMIT: '上传的文件或字段过多',
  FST_FILES_LIMIT: '上传的文件过多',
  FST_FIELDS_LIMIT: '上传的字段过多',
  FST_REQ_FILE_TOO_LARGE: '上传的文件过大',
  FST_PROTO_VIOLATION: '上传内容的字段名无效',
  FST_MP_PREMATURE_CLOSE: '上传内容不完整，请重新上传',
};

/** @fastify/multipart's own statuses that would mislead: its 406 reads as "not logged in" to the client. */
const MULTIPART_STATUS: Record<string, number> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
  FST_INVALID_JSON_FIELD_ERROR: 400,
};

const BROKEN_MULTIPART_MESSAGE = '上传内容格式有误，请重新上传';

/**
 * A multipart body the parser (busboy) could not read: no boundary, a malformed part header, the body ending
 * mid-part. Busboy raises plain errors without a status, so they are told apart by their text.
 */
const BROKEN_MULTIPART = [
  'Multipart: Boundary not found',
  'Unexpected end of multipart data',
  'terminated early due to unexpected end of multipart data',
  'Malformed part header',
  'Unexpected end of form',
  'Malformed urlencoded form',
];

export function isBrokenMultipart(error: { message?: unknown }): boolean {
  return typeof error.message === 'string' && BROKEN_MULTIPART.some((m) => (error.message as string).includes(m));
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a value out of range, text it cannot encode, a malformed number
 * or date) mean the input was bad, not the server: the second line behind the input rules. Drizzle wraps the
 * driver's error in `cause`.
 */
export function isDataException(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function envelope(code: number, message: string, data: unknown = null): Envelope<unknown> {
  return { code, message, data };
}

/** `/a/0/b` (JSON pointer from the validator) -> `a.0.b`; the whole body/query when the path is empty. */
function dottedPath(instancePath: string | undefined, context: string | undefined): string {
  const dotted = (instancePath ?? '').split('/').filter(Boolean).join('.');
  return dotted || context || 'body';
}

interface ApiRoute {
  pattern: RegExp;
  methods: Set<string>;
}

/** The source of the pattern a route's URL matches (`:id` one segment, `*` the rest). */
function routePatternSource(url: string): string {
  const source = url
    .split('/')
    .map((seg) =>
      seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return `^${source}/?$`;
}

/**
 * The one place that shapes failures: every error, including Fastify's own (bad JSON, body too large,
 * unknown route, schema validation), leaves as `{ code, message, data }` with HTTP status == code.
 * A 5xx is logged with its request id and answered without stack or SQL.
 * Register it before any route: it watches route registration to answer 405 for a known path.
 */
export function registerErrorHandling(app: FastifyInstance): {
  setFallback(fallback: NotFoundFallback): void;
} {
  let fallback: NotFoundFallback | undefined;
  // API routes by path pattern, to answer 405 (with Allow) instead of 404 when only the method is wrong. Keyed by the
  // pattern's source, so registering hundreds of routes compiles each pattern once (start-up time).
  const apiRoutes = new Map<string, ApiRoute>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = ([] as string[]).concat(route.method as string | string[]);
    const source = routePatternSource(route.url);
    const existing = apiRoutes.get(source);
    if (existing) methods.forEach((m) => existing.methods.add(m));
    else apiRoutes.set(source, { pattern: new RegExp(source), methods: new Set(methods) });
  });

  app.setErrorHandler<Error>((err, request, reply) => {
    if (isAppError(err)) {
      const error = err;
      if (error.code >= 500) request.log.error({ err: error }, 'service error');
      return reply.code(error.code).send(envelope(error.code, error.message, error.data));
    }
    const error = err as Partial<FastifyError> & Error;

    if (Array.isArray(error.validation) && error.validation.length > 0) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = dottedPath(issue.instancePath, error.validationContext);
        fieldErrors[key] ??= issue.message ?? defaultErrorMessages[400];
      }
      const first = Object.values(fieldErrors)[0] ?? defaultErrorMessages[400];
      return reply.code(400).send(envelope(400, first, { fieldErrors }));
    }

    if (isBrokenMultipart(error)) {
      return reply.code(400).send(envelope(400, BROKEN_MULTIPART_MESSAGE));
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'data exception');
      return reply.code(400).send(envelope(400, defaultErrorMessages[400]));
    }

    const status = (error.code ? MULTIPART_STATUS[error.code] : undefined) ?? error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code && FASTIFY_MESSAGES[error.code]) ??
        (status === 400 && error instanceof SyntaxError
          ? FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY
          : undefined) ??
        defaultErrorMessages[status as ErrorCode] ??
        defaultErrorMessages[400];
      return reply.code(status).send(envelope(status, message));
    }

    if (isDatabaseUnavailable(error)) {
      // The database is away (stopped, restarting, unreachable): the client may retry, the balancer sees /api/readyz.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send(envelope(503, defaultErrorMessages[503]));
    }
    request.log.error({ err: error }, 'unhandled error');
    const code = status === 503 ? 503 : 500;
    return reply.code(code).send(envelope(code, defaultErrorMessages[code]));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi) {
      const allowed = new Set<string>();
      for (const route of apiRoutes.values()) {
        if (route.pattern.test(pathname)) route.methods.forEach((m) => allowed.add(m));
      }
      if (allowed.size > 0 && !allowed.has(request.method)) {
        return reply
          .code(405)
          .header('allow', [...allowed].sort().join(', '))
          .send(envelope(405, defaultErrorMessages[405]));
      }
    } else if (fallback && (await fallback(request, reply))) {
      return reply;
    }
    return reply.code(404).send(envelope(404, defaultErrorMessages[404]));
  });

  return {
    setFallback(f) {
      fallback = f;
    },
  };
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a bad %-escape in the path, a path
 * parameter past the length limit). Answered as the envelope with the same headers every other answer carries.
 */
export function frameworkErrorAnswer(
  headers: Record<string, string>,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    const message =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求地址过长' : (FASTIFY_MESSAGES.FST_ERR_BAD_URL as string);
    const code = error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? 500 : 400;
    if (code === 500) request.log.error({ err: error }, 'router error');
    void reply
      .code(code)
      .headers(headers)
      .header('x-request-id', request.id)
      .send(envelope(code, code === 500 ? defaultErrorMessages[500] : message));
  };
}
