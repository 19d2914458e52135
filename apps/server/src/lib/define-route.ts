import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An endpoint descriptor from `@app/contracts` (`<area>.routes.ts`): plain data, written once. */
export interface RouteDescriptor {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly params?: z.ZodType;
  readonly response: z.ZodType;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler sees: query, body and params already parsed by the descriptor's schemas. */
export type RouteRequest<D extends RouteDescriptor> = Omit<FastifyRequest, 'query' | 'body' | 'params'> & {
  query: Out<D['query']>;
  body: Out<D['body']>;
  params: Out<D['params']>;
};

export type RouteHandler<D extends RouteDescriptor> = (
  request: RouteRequest<D>,
  reply: FastifyReply,
) => Promise<z.input<D['response']> | FastifyReply> | z.input<D['response']> | FastifyReply;

/** Per-route extras: OpenAPI tags, auth hooks, rate-limit config, a larger body limit for uploads. */
export type RouteExtras = Pick<
  RouteShorthandOptions,
  'onRequest' | 'preValidation' | 'preHandler' | 'config' | 'bodyLimit'
> & { tags?: string[] };

/**
 * Registers a contracts descriptor as a Fastify route. The descriptor's zod schemas validate the input and
 * serialise the answer (undeclared fields are dropped); the handler returns the whole envelope, usually `ok(data)`,
 * or sends something else itself (a file, a pre-serialised string) and returns the reply.
 */
export function defineRoute<D extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: D,
  handler: RouteHandler<D>,
  extras: RouteExtras = {},
): void {
  const { tags, ...hooks } = extras;
  app.route({
    method: descriptor.method,
    url: descriptor.path,
    schema: {
      summary: descriptor.summary,
      ...(descriptor.description ? { description: descriptor.description } : {}),
      ...(tags ? { tags } : {}),
      ...(descriptor.query ? { querystring: descriptor.query } : {}),
      ...(descriptor.body ? { body: descriptor.body } : {}),
      ...(descriptor.params ? { params: descriptor.params } : {}),
      response: { 200: descriptor.response },
    },
    ...hooks,
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
