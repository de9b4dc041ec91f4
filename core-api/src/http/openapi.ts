import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TEST_EVENT, webhookPayloadSchema } from '@shambasoko/contracts';
import { REFRESH_COOKIE } from '../modules/identity/routes';
import { DOCS_PREFIX, registerDocsViewer } from './openapi-docs';
import { type RequestSchemas, declaredSchemas } from './validate';

// The OpenAPI 3.1 document, built from the zod schemas each route declared through validated():
// requests as the schemas accept them (input side), answers as handlers send them (output side).

const OPENAPI_PATH = '/v1/openapi.json';

const envelopeHeader = <T extends boolean>(isSuccess: T) => z.object({ isSuccess: z.literal(isSuccess), customerMessage: z.string() });
const successEnvelopeSchema = <T extends z.ZodType>(body: T) => z.object({ header: envelopeHeader(true), body });
const failureEnvelopeSchema = z.object({ header: envelopeHeader(false), body: z.null() });

interface DocumentedRoute {
  method: string;
  url: string;
  handler: RouteHandlerMethod;
}

type JsonSchema = Record<string, unknown>;

/** Routes about the document itself, opt-in diagnostics and Prometheus' scrape: not part of the API it describes. */
const isOutsideDocument = (url: string) =>
  url === OPENAPI_PATH || url.startsWith(DOCS_PREFIX) || url.startsWith('/_diagnostics') || url === '/metrics' || url === '*';

/** One tag per module, by path; the farm paths are listed so that a new top-level path gets none and fails the test. */
const TAGS: ReadonlyArray<readonly [tag: string, path: RegExp]> = [
  ['Health', /^\/health$/],
  ['Content', /^\/(api\/hero-images|static\/hero\/)/],
  ['Identity', /^\/v1\/(config|auth|profile)(\/|$)/],
  ['My data', /^\/v1\/me(\/|$)/],
  ['Account roles', /^\/v1\/admin\/accounts(\/|$)/],
  ['Management', /^\/v1\/admin\/(overview|products|actions)(\/|$)/],
  ['Notifications', /^\/v1\/(notifications|notices)(\/|$)/],
  ['Announcements', /^\/v1\/(announcements|admin\/announcements|seller\/announcements)(\/|$)/],
  ['Messages', /^\/v1\/(conversations|messages|users\/:id\/block|admin\/message-reports)(\/|$)/],
  ['Market reviews', /^\/v1\/products\/:id\/reviews$/],
  ['Market services', /^\/v1\/(products\/:id\/service-requests|service-requests|seller\/service-requests)(\/|$)/],
  ['Sell your harvest', /^\/v1\/crops\/:cropId\/harvest-listing$/],
  ['Market catalog', /^\/(v1\/products|v1\/counties|v1\/search\/suggest|static\/products)(\/|$)/],
  ['Market cart', /^\/v1\/cart(\/|$)/],
  ['Market favourites', /^\/v1\/favourites(\/|$)/],
  ['Market promos', /^\/v1\/promos(\/|$)/],
  ['Market prices', /^\/v1\/market\/prices(\/|$)/],
  ['Ledger', /^\/v1\/(market\/commission-rates|admin\/commission-rates|seller\/balance)(\/|$)/],
  ['Reconciliation', /^\/v1\/admin\/(reconciliation|refunds)(\/|$)/],
  ['Statements and receipts', /^\/v1\/(orders\/:id\/receipt\.pdf|seller\/statements|share-links|shared)(\/|$)/],
  ['Payments', /^\/v1\/(payments|admin\/payments|orders\/:id\/payments)(\/|$)/],
  [
    'After delivery',
    /^\/v1\/(orders\/:id\/aftercare|orders\/:id\/fulfilments\/:fulfilmentId\/(confirm-delivery|dispute)|seller\/sales\/:id\/dispute|admin\/disputes)(\/|$)/,
  ],
  ['Market orders', /^\/v1\/orders(\/|$)/],
  ['Market homes', /^\/v1\/(buyer\/home|buyer\/suppliers|seller\/home)$/],
  ['Market sales', /^\/v1\/(seller\/sales|admin\/orders)(\/|$)/],
  ['Market selling', /^\/(v1\/seller|v1\/sellers|v1\/admin\/sellers|static\/uploads)(\/|$)/],
  ['Analytics', /^\/v1\/reports\//],
  ['Scheduled jobs', /^\/v1\/operator\/jobs\//],
  ['Remote registry', /^\/v1\/(remotes|admin\/remotes|deploys)(\/|$)/],
  [
    'Farm records',
    /^\/v1\/(crops\/:cropId\/(harvests|income)|harvests|income|farms\/:farmId\/(profit|yields|report\.pdf|report-link))(\/|$)/,
  ],
  ['Integrations', /^\/v1\/admin\/integrations(\/|$)/],
  ['Partner API', /^\/v1\/partner\//],
  ['Farm', /^\/v1\/(dashboard|filters|farms|fields|seasons|crops|activities|farm-users|costs|budgets?)(\/|$)/],
];

const tagOf = (url: string): string | undefined => TAGS.find(([, pattern]) => pattern.test(url))?.[0];

/** Answers are JSON: a Date goes out as its ISO text. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The object properties of a query or header schema, each its own parameter. */
function parametersOf(schema: z.ZodType, where: 'query' | 'header'): JsonSchema[] {
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: required.has(name), schema: property }));
}

function pathParametersOf(url: string, schema: z.ZodType | undefined): JsonSchema[] {
  const properties = (schema ? (jsonSchemaOf(schema, 'input').properties ?? {}) : {}) as Record<string, JsonSchema>;
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name!] ?? { type: 'string' },
  }));
}

const isJson = (mediaType: string) => /^application\/([a-z.+-]*\+)?json$/.test(mediaType);

function successContent(declared: RequestSchemas): JsonSchema | undefined {
  if (declared.produces) {
    // A file answer has no schema: in OpenAPI 3.1 the media type alone says what the bytes are.
    return Object.fromEntries(
      declared.produces.map((type) => [
        type,
        isJson(type) && declared.response ? { schema: jsonSchemaOf(declared.response, 'output') } : {},
      ]),
    );
  }
  if (declared.response) return { 'application/json': { schema: jsonSchemaOf(successEnvelopeSchema(declared.response), 'output') } };
  return undefined;
}

const SECURITY: Record<NonNullable<RequestSchemas['access']>, Array<Record<string, string[]>>> = {
  user: [{ bearer: [] }],
  public: [],
  // An empty requirement first: calling without any is allowed.
  'optional-user': [{}, { bearer: [] }],
  'optional-session': [{}, { refreshCookie: [] }, { bearer: [] }],
  'refresh-cookie': [{ refreshCookie: [] }],
  operator: [{ operatorToken: [] }],
  'api-key': [{ apiKey: [] }, { apiKeyHeader: [] }],
};

function operationOf(route: DocumentedRoute): JsonSchema {
  const declared = declaredSchemas.get(route.handler);
  const tag = tagOf(route.url);
  const operation: JsonSchema = {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    ...(tag ? { tags: [tag] } : {}),
  };
  if (!declared) {
    // Not wrapped by validated(): listed so that it is seen, with nothing claimed about it.
    return {
      ...operation,
      description: 'Not declared: this route has no schemas yet.',
      parameters: pathParametersOf(route.url, undefined),
      responses: { default: { description: 'Undocumented' } },
    };
  }
  const access = declared.access ?? 'user';
  const parameters = [
    ...pathParametersOf(route.url, declared.params),
    ...(declared.query ? parametersOf(declared.query, 'query') : []),
    ...(declared.headers ? parametersOf(declared.headers, 'header') : []),
  ];
  const content = successContent(declared);
  const responses: JsonSchema = {};
  for (const status of declared.statuses ?? [200]) {
    responses[String(status)] = { description: status === 201 ? 'Created' : 'Success', ...(content ? { content } : {}) };
  }
  if (declared.body || declared.query || declared.params || declared.headers)
    responses['400'] = { $ref: '#/components/responses/BadRequest' };
  if (access === 'user' || access === 'refresh-cookie' || access === 'operator' || access === 'api-key')
    responses['401'] = { $ref: '#/components/responses/SignInRequired' };
  responses.default = { $ref: '#/components/responses/Failure' };
  return {
    ...operation,
    security: access === 'api-key' ? SECURITY[access].map((scheme) => mapScopes(scheme, declared.scope)) : SECURITY[access],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(declared.body
      ? {
          requestBody: {
            // A body the schema accepts as missing is optional.
            required: !declared.body.safeParse(undefined).success,
            content: { 'application/json': { schema: jsonSchemaOf(declared.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** OpenAPI 3.1 lets any scheme list the permissions a route needs: the key's scope. */
function mapScopes(scheme: Record<string, string[]>, scope: string | undefined): Record<string, string[]> {
  return Object.fromEntries(Object.keys(scheme).map((name) => [name, scope ? [scope] : []]));
}

/** What ShambaSoko POSTs to a partner's webhook endpoint, one entry per event type. */
function webhooksDocument(): JsonSchema {
  const payload = jsonSchemaOf(webhookPayloadSchema, 'output');
  return Object.fromEntries(
    [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT].map((event) => [
      event,
      {
        post: {
          summary: `${event} (signed: HMAC-SHA256 over "<t>.<body>")`,
          parameters: [
            {
              name: WEBHOOK_SIGNATURE_HEADER,
              in: 'header',
              required: true,
              description: 't=<unix seconds>,v1=<hex HMAC-SHA256 with the endpoint secret over `<t>.<raw body>`>',
              schema: { type: 'string' },
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: payload } } },
          responses: { '200': { description: 'Any 2xx acknowledges it; anything else (or no answer in 10 s) is retried with backoff.' } },
        },
      },
    ]),
  );
}

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

function buildOpenApiDocument(routes: readonly DocumentedRoute[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const template = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    (paths[template] ??= {})[route.method.toLowerCase()] = operationOf(route);
  }
  const failure = (description: string) => ({
    description,
    content: { 'application/json': { schema: jsonSchemaOf(failureEnvelopeSchema, 'output') } },
  });
  return {
    openapi: '3.1.1',
    info: {
      title: 'ShambaSoko core API',
      version: packageVersion(),
      description:
        'Every JSON answer is an envelope `{ header: { isSuccess, customerMessage }, body }`; a refusal has `isSuccess: false`, ' +
        'a message written for the user and `body: null`. Money is integer KES.',
    },
    servers: [{ url: '/' }],
    // In the order the app registers its modules.
    tags: [...new Set(routes.map((route) => tagOf(route.url)))].flatMap((name) => (name ? [{ name }] : [])),
    paths,
    webhooks: webhooksDocument(),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from sign-in or refresh.' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE, description: 'HttpOnly, set by sign-in; scoped to /v1/auth.' },
        operatorToken: {
          type: 'apiKey',
          in: 'header',
          name: 'x-operator-token',
          description: "The deploy commands' secret (OPERATOR_TOKEN).",
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sk_live_…',
          description: "A partner's API key (External › Integrations): each route names the scope it needs; 403 without it.",
        },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'The same API key, in its own header.' },
      },
      responses: {
        BadRequest: failure('The request does not match its schema; the message names the field.'),
        SignInRequired: failure('Not signed in, or the session has ended (407 when only the access token expired).'),
        Failure: failure('Any other refusal or failure, with the same envelope.'),
      },
    },
  };
}

/**
 * Collects every route as it registers (call before the routes), and serves the document and its
 * viewer. The document is built once, on its first request.
 */
export function registerOpenApi(app: FastifyInstance): void {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (isOutsideDocument(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url, handler: route.handler });
    }
  });
  let document: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument(routes));
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(document);
  });
  registerDocsViewer(app, OPENAPI_PATH);
}
