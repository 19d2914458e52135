import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { isGuard, type Guard } from './auth';

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
  /** A write a person may repeat: the route honours `Idempotency-Key` (modules/system/idempotency.ts). */
  readonly idempotent?: boolean;
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

/** Per-route extras: OpenAPI tags, the session guard, other hooks, rate-limit config, a larger body limit for uploads. */
export type RouteExtras = Pick<
  RouteShorthandOptions,
  'onRequest' | 'preValidation' | 'preHandler' | 'config' | 'bodyLimit'
> & {
  tags?: string[];
  /** Who may call the route (`deps.guards.requireUser` ...): checked before the body is read or validated. */
  auth?: Guard;
};

type HookOption = RouteShorthandOptions['onRequest'];
const asList = (hooks: HookOption): unknown[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

type GuardHooks = Pick<RouteShorthandOptions, 'onRequest' | 'preValidation'>;

/**
 * Where `guard` runs and how the route is documented: in onRequest (before the body is even parsed) or, for a guard
 * that reads its token from the body, first in preValidation; either way before validation. `schema` holds the
 * OpenAPI `security` of a protected route. Routes registered without defineRoute (file downloads) spread both.
 */
export function guardOptions(
  guard: Guard | undefined,
  hooks: GuardHooks = {},
): { hooks: GuardHooks; schema: { security?: { token: string[] }[] } } {
  const given: GuardHooks = {
    ...(hooks.onRequest ? { onRequest: hooks.onRequest } : {}),
    ...(hooks.preValidation ? { preValidation: hooks.preValidation } : {}),
  };
  if (!guard) return { hooks: given, schema: {} };
  const placed = guard.readsBody
    ? { ...given, preValidation: [guard, ...asList(hooks.preValidation)] }
    : { ...given, onRequest: [guard, ...asList(hooks.onRequest)] };
  // A staff route names its permission as the scope of `token` (OpenAPI 3.1: role names for non-OAuth schemes);
  // a route open to any staff role says `staff`, which the permission-matrix test refuses unless allowed there.
  const scopes = guard.permission ? [guard.permission] : guard.kind === 'staff' ? ['staff'] : [];
  return { hooks: placed as GuardHooks, schema: guard.kind === 'optional' ? {} : { security: [{ token: scopes }] } };
}

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
  const { tags, auth, ...hooks } = extras;
  for (const name of ['onRequest', 'preValidation', 'preHandler'] as const) {
    // A guard among the other hooks would run in the wrong phase (after validation) and leave the route unmarked.
    if (asList(hooks[name]).some(isGuard)) {
      throw new Error(`${descriptor.method} ${descriptor.path}: pass session guards as { auth }, not in ${name}`);
    }
  }
  const guarded = guardOptions(auth, { onRequest: hooks.onRequest, preValidation: hooks.preValidation });
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
      ...guarded.schema,
      response: { 200: descriptor.response },
    },
    ...(hooks.preHandler ? { preHandler: hooks.preHandler } : {}),
    config: {
      ...hooks.config,
      ...(descriptor.idempotent ? { idempotent: true } : {}),
      // A staff write must leave an audit row (modules/audit/audit.check.ts).
      ...(auth?.permission && descriptor.method !== 'GET' ? { staffWrite: true } : {}),
    },
    ...(hooks.bodyLimit ? { bodyLimit: hooks.bodyLimit } : {}),
    ...guarded.hooks,
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
