import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineGuard } from './auth';
import { defineRoute, guardOptions } from './define-route';

const descriptor = { method: 'POST', path: '/api/example', summary: '示例', body: z.object({ a: z.string() }), response: z.unknown() } as const;
const requireUser = defineGuard('user', async () => {});

describe('defineRoute and session guards', () => {
  it('refuses a session guard passed as an ordinary hook, where it would run after validation', () => {
    const app = Fastify();
    expect(() => defineRoute(app, descriptor, async () => null, { preHandler: requireUser })).toThrow(/pass session guards as \{ auth \}/);
    expect(() => defineRoute(app, descriptor, async () => null, { preValidation: [requireUser] })).toThrow(/\{ auth \}/);
  });

  it('runs a header guard in onRequest and a body-reading guard first in preValidation; only protected routes get security', () => {
    const fromBody = defineGuard('user', async () => {}, { readsBody: true });
    const optional = defineGuard('optional', async () => {});
    const other = async () => {};
    expect(guardOptions(requireUser, { preValidation: other })).toEqual({
      hooks: { preValidation: other, onRequest: [requireUser] },
      schema: { security: [{ token: [] }] },
    });
    expect(guardOptions(fromBody, { preValidation: other }).hooks).toEqual({ preValidation: [fromBody, other] });
    expect(guardOptions(optional).schema).toEqual({});
    expect(guardOptions(undefined, { onRequest: undefined })).toEqual({ hooks: {}, schema: {} });
  });
});
