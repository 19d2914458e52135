// Hostile input against every route of the OpenAPI document: never a 500, always the envelope, healthz still up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema, ok } from '@app/contracts';
import { defineRoute } from './lib/define-route';
import { createTestApp, type TestApp } from './testing/test-app';
import { createUser, type TestUser } from './testing/test-users';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  format?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: { token?: string[] }[];
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Identity = 'anonymous' | 'personal' | 'company' | 'staff';

interface Route {
  method: Method;
  /** Fastify's form: `/api/articles/:id`. */
  path: string;
  op: Operation;
  /** Who may call it: anonymous for public routes, staff for staff routes, a personal or company account otherwise. */
  callers: Identity[];
}

interface Probe {
  label: string;
  as: Identity;
  url: string;
  headers?: Record<string, string>;
  /** Sent as is (a string) or as JSON (anything else). */
  payload?: unknown;
}

const BIG = 'x'.repeat(100 * 1024);
const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

/** Values for a field, by its declared type: a few each, not every combination. */
function hostileValues(schema: JsonSchema | undefined): { label: string; value: unknown }[] {
  const values: { label: string; value: unknown }[] = [
    { label: 'NUL', value: 'a\u0000b' },
    { label: 'lone surrogate', value: 'a\ud800b' },
    { label: 'array', value: ['x', 'y'] },
    { label: 'object', value: { x: 1 } },
  ];
  const types = typesOf(schema);
  if (types.has('string') || types.size === 0) values.push({ label: '100 KB string', value: BIG });
  if (types.has('integer') || types.has('number')) {
    values.push(
      { label: 'number as string', value: '12' },
      { label: 'negative', value: -1 },
      { label: '2^31', value: 2_147_483_648 },
      { label: 'past 2^53', value: 2 ** 53 + 2 },
      { label: '1e300', value: 1e300 },
    );
  }
  return values;
}

function typesOf(schema: JsonSchema | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (s: JsonSchema | undefined) => {
    if (!s) return;
    if (typeof s.type === 'string') out.add(s.type);
    else if (Array.isArray(s.type)) s.type.forEach((t) => out.add(t));
    [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].forEach(walk);
  };
  walk(schema);
  return out;
}

/** A plausible value of a schema, so the other fields of a body do not hide the hostile one. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'a';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alt = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  const types = typesOf(schema);
  if (types.has('object') || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
  }
  if (types.has('array')) return [];
  if (types.has('integer') || types.has('number')) return Math.max(1, schema.minimum ?? 1);
  if (types.has('boolean')) return true;
  if (types.has('string')) return schema.format === 'date' ? '2025-01-01' : 'a';
  if (alt) return plausible(alt);
  return 'a';
}

/** Text of a value for a path or query string. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : value === 1e300 ? '1e300' : '9007199254740993';
  return JSON.stringify(value);
}

/** encodeURIComponent, with a lone surrogate written as the bytes of its (invalid) UTF-8 form. */
function encode(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

function buildUrl(route: Route, pathValues: Record<string, string>, query: [string, string][]): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encode(pathValues[name] ?? '1'));
  const qs = query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return qs ? `${path}?${qs}` : path;
}

/** `/api/articles/{id}` -> `/api/articles/:id` */
const fastifyPath = (openapiPath: string) => openapiPath.replace(/\{(\w+)\}/g, ':$1');

function routesOf(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const m = method.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m)) continue;
      const scopes = op.security?.[0]?.token;
      const callers: Identity[] =
        scopes === undefined ? ['anonymous'] : scopes.length > 0 ? ['staff'] : ['personal', 'company'];
      routes.push({ method: m, path: fastifyPath(path), op, callers });
    }
  }
  return routes;
}

function probesOf(route: Route): Probe[] {
  const params = route.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = route.op.requestBody?.content?.['application/json']?.schema;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const basePath = Object.fromEntries(pathParams.map((p) => [p.name, asText(plausible(p.schema))]));
  const baseQuery: [string, string][] = queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, asText(plausible(p.schema))]);
  const baseBody = bodySchema ? plausible(bodySchema) : undefined;
  const probes: Probe[] = [];
  let turn = 0;
  const as = (): Identity => route.callers[turn++ % route.callers.length]!;
  const body = (payload: unknown) => (hasBody && baseBody !== undefined ? { payload } : {});

  for (const p of pathParams) {
    for (const { label, value } of hostileValues(p.schema)) {
      if (label === 'object') continue;
      const url = buildUrl(route, { ...basePath, [p.name]: asText(value) }, baseQuery);
      probes.push({ label: `path ${p.name} = ${label}`, as: as(), url, ...body(baseBody) });
    }
    // A bad %-escape where the parameter goes.
    const bad = route.path.replace(`:${p.name}`, '%E0%A4%A').replace(/:(\w+)/g, '1');
    probes.push({ label: `path ${p.name} = bad %-escape`, as: as(), url: bad, ...body(baseBody) });
  }
  const baseUrl = buildUrl(route, basePath, baseQuery);
  for (const p of queryParams) {
    for (const { label, value } of hostileValues(p.schema)) {
      const others = baseQuery.filter(([k]) => k !== p.name);
      const pairs: [string, string][] = Array.isArray(value)
        ? value.map((v) => [p.name, asText(v)])
        : label === 'object'
          ? [[`${p.name}[x]`, '1']]
          : [[p.name, asText(value)]];
      probes.push({ label: `query ${p.name} = ${label}`, as: as(), url: buildUrl(route, basePath, [...others, ...pairs]), ...body(baseBody) });
    }
  }
  if (hasBody) {
    const props = bodySchema?.properties ?? {};
    for (const [name, schema] of Object.entries(props)) {
      for (const { label, value } of hostileValues(schema)) {
        const payload = { ...(baseBody as object), [name]: value };
        probes.push({ label: `body ${name} = ${label}`, as: as(), url: baseUrl, payload });
      }
    }
    const json = { 'content-type': 'application/json' };
    probes.push(
      { label: 'body = array instead of object', as: as(), url: baseUrl, payload: [baseBody ?? {}] },
      { label: 'body = nested 10,000 deep (arrays)', as: as(), url: baseUrl, headers: json, payload: DEEP_ARRAY },
      { label: 'body = nested 10,000 deep (objects)', as: as(), url: baseUrl, headers: json, payload: DEEP_OBJECT },
      { label: 'body = __proto__ key', as: as(), url: baseUrl, headers: json, payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
      { label: 'body = wrong content type', as: as(), url: baseUrl, headers: { 'content-type': 'text/plain' }, payload: 'hello' },
      { label: 'body = broken JSON', as: as(), url: baseUrl, headers: json, payload: '{"a":' },
      {
        label: 'body = broken multipart',
        as: as(),
        url: baseUrl,
        headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
        payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG garbage',
      },
      {
        label: 'body = multipart without boundary',
        as: as(),
        url: baseUrl,
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'garbage',
      },
    );
  }
  // Every protected route, also anonymously.
  if (!route.callers.includes('anonymous')) {
    probes.push({ label: 'anonymous', as: 'anonymous', url: baseUrl, ...body(baseBody) });
  }
  return probes;
}

/**
 * Routes that answer a payment provider in the provider's own protocol (`{"code":"FAIL"}`), not the envelope: they
 * must still never answer 500.
 */
const PROVIDER_PROTOCOL = new Set(['POST /api/payments/notify/:channel']);

/** Why an answer is wrong, or null. */
function fault(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 200)}`;
  if (status < 400) return null;
  if (!contentType?.startsWith('application/json')) return `answered ${status} as ${contentType ?? 'no type'}, not the envelope`;
  try {
    const json = JSON.parse(body) as { code?: unknown; message?: unknown; data?: unknown };
    if (json.code !== status || typeof json.message !== 'string' || !('data' in json)) {
      return `answered ${status} without the envelope: ${body.slice(0, 200)}`;
    }
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  return null;
}

// Routes whose sole effect on the fuzzer's own session would be to end it are still probed; the caller is
// replaced by a fresh account whenever an answer says it is no longer signed in.
let t: TestApp;
const callers = new Map<Identity, TestUser | null>();
async function signIn(who: Identity): Promise<void> {
  if (who === 'anonymous') return;
  callers.set(who, await createUser(t, who === 'staff' ? { staff: true } : { role: who === 'company' ? 'company' : 'personal' }));
}

/**
 * A route with the bug the fuzzer exists to find (a number past the database's range reaches a query and crashes),
 * so the test proves it finds and names such a route.
 */
const CANARY = '/api/test/fuzz-canary';

beforeAll(async () => {
  t = await createTestApp({
    extraModules: [
      async (app) => {
        defineRoute(
          app,
          {
            method: 'GET',
            path: CANARY,
            summary: '测试：超出范围的数字导致 500',
            query: z.object({ n: z.coerce.number().optional() }),
            response: envelopeSchema(z.null()),
          },
          async (request) => {
            if ((request.query.n ?? 0) > 2_147_483_647) throw new Error('integer out of range');
            return ok(null);
          },
        );
      },
    ],
  });
  for (const who of ['personal', 'company', 'staff'] as const) await signIn(who);
});
afterAll(() => t.close());

describe('the OpenAPI fuzz test', () => {
  it('sends hostile values to every route and field: never a 500, always the envelope, healthz still answers', async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const routes = routesOf(doc);
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    for (const [index, route] of routes.entries()) {
      for (const probe of probesOf(route)) {
        const user = probe.as === 'anonymous' ? undefined : callers.get(probe.as);
        const payload = probe.payload;
        const asJson = payload !== undefined && typeof payload !== 'string';
        const res = await t.app.inject({
          method: route.method,
          url: probe.url,
          headers: {
            ...(user ? user.headers : {}),
            ...(asJson ? { 'content-type': 'application/json' } : {}),
            ...probe.headers,
          },
          ...(payload === undefined ? {} : { payload: asJson ? JSON.stringify(payload) : (payload as string) }),
        });
        sent++;
        const wrong = PROVIDER_PROTOCOL.has(`${route.method} ${route.path}`) && res.statusCode < 500
          ? null
          : fault(res.statusCode, res.headers['content-type'] as string | undefined, res.body);
        if (wrong) failures.push(`${route.method} ${route.path} [${probe.as}] ${probe.label}: ${wrong}`);
        // A route that ended the session (log out, password change, a staff action on the fuzzer's account).
        if (user && res.statusCode === 406) await signIn(probe.as);
      }
      if (index % 20 === 19) {
        const health = await t.app.inject({ method: 'GET', url: '/api/healthz' });
        if (health.statusCode !== 200) failures.push(`/api/healthz answered ${health.statusCode} after ${route.method} ${route.path}`);
      }
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(health.statusCode).toBe(200);
    expect(sent).toBeGreaterThan(routes.length * 3);
    // The canary's crash is found and named with the value that caused it; nothing else fails.
    expect(failures.filter((f) => f.startsWith(`GET ${CANARY} `))).toEqual(
      expect.arrayContaining([expect.stringMatching(/query n = 2\^31: answered 500/)]),
    );
    expect(failures.filter((f) => !f.startsWith(`GET ${CANARY} `))).toEqual([]);
  }, 600_000);
});
