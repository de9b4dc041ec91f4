import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { API_ROUTES } from '@shambasoko/contracts/api-routes';
import { z } from 'zod';
import { API_CSP } from '../app';
import { type TestApp, startTestApp } from '../testing/test-app';
import { DOCS_CSP } from './openapi-docs';
import { declaredSchemas } from './validate';

// The document is held to the routes the app really has: each route appears with the schemas its
// handler declared, and each access claim is checked by calling the route signed out.

interface Registered {
  method: string;
  url: string;
  handler: RouteHandlerMethod;
}

// Every route of every app built in this file, seen by an onRoute hook of our own (not the document's).
const mockRegistered: Registered[] = [];
jest.mock('fastify', () => {
  const actual = jest.requireActual<typeof import('fastify')>('fastify');
  const create = (...args: unknown[]) => {
    const app = (actual.default as (...a: unknown[]) => FastifyInstance)(...args);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) mockRegistered.push({ method, url: route.url, handler: route.handler });
    });
    return app;
  };
  return Object.assign(create, actual, { default: create, fastify: create });
});

interface Operation {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required: boolean; schema: object }>;
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

// /metrics is Prometheus' text for operators (METRICS_TOKEN in production), not an API operation.
const isDocsRoute = (url: string) => url === '/v1/openapi.json' || url.startsWith('/v1/docs') || url === '/metrics';

let t: TestApp;
let routes: Registered[];
let document: OpenApiDocument;
let payload: string;

beforeAll(async () => {
  t = await startTestApp();
  routes = mockRegistered.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && r.url !== '*' && !isDocsRoute(r.url));
  const res = await t.request({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  payload = res.payload;
  document = JSON.parse(payload) as OpenApiDocument;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const templateOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operationOf = (route: Registered) => document.paths[templateOf(route.url)]?.[route.method.toLowerCase()];
const key = (route: Registered) => `${route.method} ${route.url}`;

/** What is missing from the document for one route ([] when nothing). */
function problemsOf(route: Registered): string[] {
  const operation = operationOf(route);
  if (!operation) return [`${key(route)}: not in the document`];
  const declared = declaredSchemas.get(route.handler);
  if (!declared) return [`${key(route)}: not wrapped by validated(), so it declares no schemas`];
  const problems: string[] = [];
  const parameters = operation.parameters ?? [];
  const pathNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => name);
  if (pathNames.length > 0 && !declared.params) problems.push('declares no params schema');
  for (const name of pathNames)
    if (!parameters.some((p) => p.in === 'path' && p.name === name && p.required)) problems.push(`path parameter ${name} missing`);
  if (declared.query && !parameters.some((p) => p.in === 'query')) problems.push('query parameters missing');
  if (declared.headers && !parameters.some((p) => p.in === 'header')) problems.push('header parameters missing');
  if (declared.body && !operation.requestBody?.content['application/json']?.schema) problems.push('request body schema missing');
  if (!operation.tags?.length) problems.push('no tag');

  {
    const successes = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
    if (successes.length === 0) problems.push('no 2xx response');
    for (const [status, response] of successes) {
      const content = response.content ?? {};
      if (declared.produces) {
        // Not the envelope: exactly the declared media types, JSON ones with their schema.
        if (Object.keys(content).sort().join() !== [...declared.produces].sort().join())
          problems.push(`${status}: media types differ from ${declared.produces.join(', ')}`);
        if (declared.produces.some((type) => type.endsWith('json') && !content[type]?.schema))
          problems.push(`${status}: JSON answer without a schema`);
      } else if (!declared.response || !content['application/json']?.schema?.properties?.body) {
        problems.push(`${status}: no response schema (declare \`response\`, or \`produces\` for an answer outside the envelope)`);
      }
    }
  }
  return problems.map((problem) => `${key(route)}: ${problem}`);
}

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the whole API', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(routes.length).toBeGreaterThan(50);
    // Every operation is a route: nothing documented that the app does not have.
    const known = new Set(routes.map((r) => `${r.method.toLowerCase()} ${templateOf(r.url)}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(documented.filter((operation) => !known.has(operation))).toEqual([]);
  });

  it('describes every registered route: its params, query, headers, body and success answer', () => {
    expect(routes.flatMap(problemsOf)).toEqual([]);
  });

  it('keeps its schemas self-contained (no nested $defs, whose refs would resolve against the document)', () => {
    expect(payload).not.toContain('$defs');
  });

  it('states who may call each route truthfully: signed out, a route that needs a user answers 401, any other does not', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const security = operationOf(route)?.security;
      if (security === undefined) continue;
      const needsSomeone = security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
      const res = await t.request({ method: route.method, url: route.url.replace(/:[A-Za-z0-9_]+/g, 'x') });
      if (needsSomeone !== (res.statusCode === 401))
        wrong.push(`${key(route)}: documented ${needsSomeone ? 'signed-in only' : 'open'}, answered ${res.statusCode} signed out`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('documents the envelope around answers, and files as their media types', () => {
    const product = document.paths['/v1/products/{id}']?.get;
    const body = product?.responses['200']?.content?.['application/json']?.schema?.properties;
    expect(Object.keys(body ?? {})).toEqual(['header', 'body']);
    expect(product?.security).toEqual([]);
    expect(Object.keys(document.paths['/static/products/{file}']?.get?.responses['200']?.content ?? {})).toEqual(['image/svg+xml']);
    expect(document.paths['/v1/cart']?.get?.security).toEqual([{ bearer: [] }]);
    // The deploy commands call with the operator token, not a user's session.
    for (const path of ['/v1/deploys/shell', '/v1/deploys/{name}', '/v1/deploys/{name}/rollback'])
      expect([path, document.paths[path]?.post?.security]).toEqual([path, [{ operatorToken: [] }]]);
    expect(document.paths['/v1/remotes/manifest']?.get?.security).toEqual([]);
    const adminRole = document.paths['/v1/admin/accounts/admin-role']?.put;
    expect(adminRole?.tags).toEqual(['Account roles']);
    expect(adminRole?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(document.paths['/v1/orders']?.post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '200', '400', '401']));
    expect(document.paths['/v1/orders']?.post?.parameters).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true }),
    );
  });
});

describe("the front ends' test kit (contracts/src/api-routes.ts)", () => {
  // Fakes in front-end tests are checked against that table: it must be the API's own schemas.
  const shape = (schema: z.ZodType | undefined, io: 'input' | 'output') =>
    schema ? z.toJSONSchema(schema, { io, unrepresentable: 'any' }) : undefined;

  it('lists only routes the API has, each with the request and answer schemas the route declares', () => {
    const drift = API_ROUTES.flatMap((entry) => {
      const route = routes.find((r) => r.method === entry.method && r.url === entry.path);
      if (!route) return [`${entry.method} ${entry.path}: no such route`];
      const declared = declaredSchemas.get(route.handler);
      const problems: string[] = [];
      if (JSON.stringify(shape(entry.response, 'output')) !== JSON.stringify(shape(declared?.response, 'output')))
        problems.push('answer schema differs');
      if (entry.request && JSON.stringify(shape(entry.request, 'input')) !== JSON.stringify(shape(declared?.body, 'input')))
        problems.push('request schema differs');
      return problems.map((problem) => `${entry.method} ${entry.path}: ${problem}`);
    });
    expect(drift).toEqual([]);
  });
});

describe('GET /v1/docs', () => {
  it('is a page that runs only our own scripts, under its own CSP', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(DOCS_CSP).not.toMatch(/https?:|unsafe|\*/);
    const scripts = [...res.payload.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes ?? '');
    expect(scripts.length).toBe(2);
    expect(scripts.every((attributes) => /src="\/v1\/docs\//.test(attributes))).toBe(true);
    const assets = [...res.payload.matchAll(/(?:src|href)="(\/v1\/docs\/[^"]+)"/g)].map(([, url]) => url!);
    expect(assets.length).toBe(4);
    for (const url of assets) {
      const asset = await t.request({ method: 'GET', url });
      expect([url, asset.statusCode]).toEqual([url, 200]);
      expect(asset.rawPayload.length).toBeGreaterThan(100);
    }
    const init = await t.request({ method: 'GET', url: '/v1/docs/init.js' });
    expect(init.payload).toContain('"/v1/openapi.json"');
    expect(init.payload).toContain('validatorUrl: null');
  });

  it('leaves the strict data-only CSP on every other answer', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.headers['content-security-policy']).toBe(API_CSP);
  });
});
