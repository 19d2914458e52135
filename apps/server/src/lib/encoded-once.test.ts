import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { envelopeSchema } from '@app/contracts';
import { createEncodedOnce } from './encoded-once';

describe('a cached read answered with JSON made once per cached object', () => {
  it('shapes each object by the response schema once, drops undeclared fields, and sends the same JSON after', async () => {
    const schema = envelopeSchema(z.object({ id: z.number(), name: z.string() }));
    const parse = vi.spyOn(schema, 'parse');
    const send = createEncodedOnce(schema);
    const cachedA = { id: 1, name: '收入准则精讲', secret: 'not for the client' };
    const cachedB = { id: 2, name: '个税汇算' };
    let current: object = cachedA;
    const app = Fastify();
    app.get('/x', async (_request, reply) => send(reply, current));

    const first = await app.inject('/x');
    const second = await app.inject('/x');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({ code: 200, message: '操作成功', data: { id: 1, name: '收入准则精讲' } });
    expect(second.body).toBe(first.body);
    expect(parse).toHaveBeenCalledTimes(1);

    current = cachedB;
    expect((await app.inject('/x')).json().data).toEqual({ id: 2, name: '个税汇算' });
    expect(parse).toHaveBeenCalledTimes(2);
    await app.close();
  });
});
