import fc from 'fast-check';
import { sql } from 'kysely';
import { APP_ROLES } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../testing/auth';
import { repeatableBlockDuring } from '../testing/event-loop';
import { startTestApp, type TestApp } from '../testing/test-app';
import { countWrites } from '../testing/write-counter';

// Throws generated malformed ids, query strings, bodies and headers at every route of the API:
// no answer may be a 5xx, every refusal is an envelope with a customerMessage, and a refused write
// leaves the database as it was. No single request may hold up the event loop (the app runs in this
// process) for 100 ms or more (a request that seems to is repeated, see repeatableBlockDuring); the
// worst delay seen is printed at the end.

const STREAM_PROBE = '/v1/sweep-probe/stream';
const SILENT_PROBE = '/v1/sweep-probe/silent';
const WRITE_PROBE = '/v1/sweep-probe/write';
/** How long one probe may wait for its answer; an event stream's head is its answer. */
// A whole sweep is thousands of requests: ~1-2 minutes on a quiet CI machine and three times that on a
// loaded one (it failed at 240 s at load 10 with every probe sound), so each sweep may take 15 minutes;
// a request that hangs still fails at PROBE_LIMIT_MS.
const PROBE_LIMIT_MS = 15_000;

let t: TestApp;
let user: TestUser;
let tables: string[];
/** How many rows the swept tables have had added, changed or removed so far. */
let writesSoFar: () => Promise<string>;

beforeAll(async () => {
  t = await startTestApp();
  // Every account role, so role-guarded routes (Admin's too) parse their input rather than stop at 403.
  user = await createTestUser(t.db, t.config.jwtSecret, { roles: [...APP_ROLES] });
  // A table of the sweep's own, which its write probe writes to.
  await sql`create table sweep_probe_rows (id int8 generated always as identity primary key)`.execute(t.db);
  const rows = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
      and table_name <> 'rate_limits' -- a refused attempt still counts against its limit, by design
  `.execute(t.db);
  tables = rows.rows.map((r) => r.table_name).sort();
  // A probe reads one row before and after (testing/write-counter.ts), where counting each table's rows
  // took ~8 ms a probe (24 of the sweep's 56 s).
  writesSoFar = await countWrites(t.db, tables);
  // Routes the sweep itself is checked against: a stream that never ends, and a route that never answers.
  t.app.get(STREAM_PROBE, async (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    reply.raw.write(': open\n\n');
  });
  t.app.get(SILENT_PROBE, async (_request, reply) => {
    reply.hijack();
  });
  // Refuses after writing a row: kept (?keep) or rolled back with its transaction.
  t.app.post(WRITE_PROBE, async (request, reply) => {
    const keep = 'keep' in (request.query as object);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into sweep_probe_rows default values`.execute(trx);
        if (!keep) throw new Error('rolled back');
      })
      .catch(() => undefined);
    return reply.code(400).send({ header: { isSuccess: false, customerMessage: 'Refused.' }, body: null });
  });
}, 60_000);
afterAll(async () => t.close());

const LONG = 100_000;

/** Control characters (C0, DEL), lone surrogates and over-long text, alone or inside other text. */
const hostileText = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\u0001', '\u001b[2J', '\u007f', '\u0008', '\ud800', 'x\udc00', '\udbff\udbff', 'ok\ttab\nline'),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 0x1f }), fc.string({ maxLength: 10 }))
    .map(([a, c, b]) => `${a}${String.fromCharCode(c)}${b}`),
  fc.constantFrom('a'.repeat(LONG), '@'.repeat(LONG), `${'a'.repeat(LONG)}@example.co.ke`, '1'.repeat(LONG)),
);

/** Numbers at and past every bound, as query and id text. */
const extremeNumberText = fc.constantFrom(
  '1e308',
  '-1e308',
  '9007199254740993',
  '-9007199254740993',
  '-0',
  '1e-308',
  '1e99999',
  '-1e99999',
  'Infinity',
  'NaN',
  '0x7fffffff',
  '2147483648',
  '4294967296',
);

const weirdText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'null',
    'undefined',
    '../../etc/passwd',
    '%00',
    "' or 1=1 --",
    '<script>',
    '💥',
    'a'.repeat(300),
  ),
  fc.uuid(),
  fc.integer().map(String),
  hostileText,
  extremeNumberText,
);

const extremeNumber = fc.constantFrom(
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 53 + 2),
  -0,
  1e-308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  2 ** 31,
  2 ** 32,
  10_000_000_001,
);

const bodyKeys = fc.constantFrom(
  'name',
  'email',
  'amount',
  'quantity',
  'farmId',
  'fieldId',
  'status',
  'role',
  'items',
  'idToken',
  'productId',
  'size',
  'startDate',
  'totalSize',
  'area',
  'planned',
  'subtotal',
  'code',
  'notes',
  'description',
  'firstName',
  'yieldPerHectare',
  'page',
);

const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(bodyKeys, fc.jsonValue({ maxDepth: 2 })),
  fc.dictionary(bodyKeys, fc.oneof(weirdText, extremeNumber, fc.array(fc.oneof(hostileText, extremeNumber), { maxLength: 3 }))),
  fc.record({
    shipping: fc.dictionary(fc.constantFrom('email', 'phone', 'firstName', 'postalCode'), hostileText),
    items: fc.array(fc.record({ productId: weirdText, quantity: extremeNumber }), { maxLength: 2 }),
  }),
);

/** JSON text whose numbers JSON.parse turns into Infinity or rounds (1e99999, 2^53 + 1). */
const rawNumberBody = fc
  .dictionary(bodyKeys, fc.constantFrom('1e99999', '-1e99999', '9007199254740993', '-0', '1e-99999', '123456789012345678901234567890'), {
    minKeys: 1,
    maxKeys: 4,
  })
  .map(
    (entries) =>
      `{${Object.entries(entries)
        .map(([key, value]) => `"${key}":${value}`)
        .join(',')}}`,
  );

/** A surrogate without its other half. */
const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the three bytes
 * UTF-8 would give it (WTF-8): what a hostile client can put in a URL. The text between lone
 * surrogates goes to encodeURIComponent whole: a call per character took 26 s of the sweep's 56.
 */
function encodeLoosely(text: string): string {
  return text
    .split(LONE_SURROGATE)
    .map((part, i) => {
      if (i % 2 === 0) return encodeURIComponent(part);
      const code = part.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

const authHeader = fc.constantFrom<'none' | 'valid' | 'garbage'>('none', 'valid', 'valid', 'garbage');

interface Probe {
  route: { method: string; url: string };
  ids: string[];
  query: Record<string, string>;
  auth: 'none' | 'valid' | 'garbage';
  /** An object is sent as JSON; a string as JSON text, as-is. */
  payload: unknown;
}

/** The worst event-loop delay any request of this file caused (after repeats), and the worst single sample. */
let worst = { blockedMs: 0, label: '' };
let worstSample = 0;
afterAll(() => {
  console.log(
    `bad-input: worst event-loop delay during one request ${worst.blockedMs.toFixed(1)} ms (${worst.label}); worst single sample before repeats ${worstSample.toFixed(1)} ms`,
  );
});

/** Sends one request and answers what is wrong with how it was handled (nothing: []). */
async function probe({ route, ids, query, auth, payload }: Probe, limitMs = PROBE_LIMIT_MS): Promise<string[]> {
  let i = 0;
  const path = route.url.replace(/:[A-Za-z]+/g, () => encodeLoosely(ids[i++] ?? 'x'));
  const search = Object.entries(query)
    .map(([key, value]) => `${key}=${encodeLoosely(value)}`)
    .join('&');
  // Header values are sent URI-encoded: the HTTP client itself refuses raw control or non-ASCII bytes.
  const headers: Record<string, string> = { 'idempotency-key': encodeLoosely(ids[0] ?? 'k') };
  if (auth === 'valid') Object.assign(headers, user.headers);
  if (auth === 'garbage') headers.authorization = `Bearer ${encodeLoosely(ids[1] ?? '')}`;
  const writes = route.method !== 'GET';
  const before = writes ? await writesSoFar() : '';
  if (writes && typeof payload === 'string') headers['content-type'] = 'application/json';
  const {
    result: res,
    blockedMs,
    firstMs,
  } = await repeatableBlockDuring(() =>
    t
      .request(
        {
          method: route.method,
          url: `${path}${search ? `?${search}` : ''}`,
          headers,
          payload: writes ? (payload as string | object) : undefined,
        },
        { limitMs },
      )
      .catch((error: Error) => error),
  );
  if (res instanceof Error) return [`${route.method} ${path.slice(0, 100)}: ${res.message}`];
  worstSample = Math.max(worstSample, firstMs);
  const label = `${route.method} ${path.slice(0, 100)}?${search.slice(0, 100)} → ${res.statusCode}`;
  if (blockedMs > worst.blockedMs) worst = { blockedMs, label };
  const problems: string[] = [];
  if (blockedMs >= 100) problems.push(`${label}: held up the event loop for ${blockedMs.toFixed(0)} ms`);
  if (res.statusCode >= 500) problems.push(`${label}: ${res.payload.slice(0, 200)}`);
  if (res.statusCode >= 400) {
    const envelope = res.json();
    if (envelope?.header?.isSuccess !== false || !envelope.header.customerMessage) problems.push(`${label}: no envelope message`);
    if (writes && (await writesSoFar()) !== before) problems.push(`${label}: a refused write changed the database`);
  }
  return problems;
}

// /metrics reads no input and answers Prometheus' text, not the envelope. An event stream (the
// messages' one) is swept like any route: its head is its answer (PROBE_LIMIT_MS), so it cannot hold
// the sweep. The probe routes are the sweep's own.
const everyRoute = () =>
  t.app.routeTable.filter(
    (r) => r.url !== '*' && r.url !== '/metrics' && !r.url.startsWith('/_diagnostics') && !r.url.startsWith('/v1/sweep-probe/'),
  );

describe('the sweep itself', () => {
  it('takes an event stream that never ends as answered once its head arrives, so a new stream route cannot hang it', async () => {
    const started = Date.now();
    expect(await probe({ route: { method: 'GET', url: STREAM_PROBE }, ids: [], query: {}, auth: 'valid', payload: undefined })).toEqual([]);
    expect(Date.now() - started).toBeLessThan(PROBE_LIMIT_MS);
  });

  it('reports a route that never answers and moves on', async () => {
    const problems = await probe(
      { route: { method: 'GET', url: SILENT_PROBE }, ids: [], query: {}, auth: 'valid', payload: undefined },
      500,
    );
    expect(problems).toEqual([`GET ${SILENT_PROBE}: no answer within 500 ms`]);
  });

  it('sees a refused write that changed the database, and not one whose transaction rolled back', async () => {
    const write = (query: Record<string, string>) =>
      probe({ route: { method: 'POST', url: WRITE_PROBE }, ids: [], query, auth: 'valid', payload: {} });
    expect(await write({ keep: '' })).toEqual([`POST ${WRITE_PROBE}?keep= → 400: a refused write changed the database`]);
    expect(await write({})).toEqual([]);
  });

  it('sweeps the message stream like any route', () => {
    expect(everyRoute().map((r) => r.url)).toContain('/v1/messages/stream');
  });
});

describe('every route under malformed input', () => {
  it('never answers 5xx, always explains a refusal, and writes nothing when it refuses', async () => {
    const routes = everyRoute();
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(weirdText, { minLength: 3, maxLength: 3 }),
        fc.dictionary(fc.constantFrom('page', 'pageSize', 'search', 'q', 'farmId', 'sort', 'minPrice', 'category', 'status'), weirdText, {
          maxKeys: 3,
        }),
        body,
        authHeader,
        fc.constantFrom<'json' | 'broken' | 'numbers'>('json', 'json', 'broken', 'numbers'),
        rawNumberBody,
        async (route, ids, query, payload, auth, bodyKind, numbers) => {
          const sent = bodyKind === 'json' ? payload : bodyKind === 'broken' ? `{"broken": ${JSON.stringify(payload)}` : numbers;
          const problems = await probe({ route, ids, query, auth, payload: sent });
          failures.push(...problems);
          if (problems.length > 0) throw new Error(problems.join('\n'));
        },
      ),
      { numRuns: 400, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect(failures).toEqual([]);
  }, 900_000);

  // The same checks, with no luck involved: each route gets each kind of hostile input once, signed
  // in (so bodies reach the schemas), as every field the API knows.
  it('refuses control characters, lone surrogates, 100,000-character text and extreme numbers everywhere', async () => {
    const fields = [
      'name',
      'email',
      'amount',
      'quantity',
      'totalSize',
      'size',
      'area',
      'planned',
      'subtotal',
      'code',
      'notes',
      'description',
      'firstName',
      'lastName',
      'msisdn',
      'comment',
      'rating',
      'yieldPerHectare',
      'location',
      'county',
      'owner',
      'phone',
      'promoCode',
      'idToken',
      'productId',
      'status',
    ];
    const queryKeys = [
      'page',
      'pageSize',
      'search',
      'q',
      'minPrice',
      'maxPrice',
      'minRating',
      'county',
      'farmId',
      'seasonId',
      'status',
      'sort',
    ];
    const every = <T>(value: T) => Object.fromEntries(fields.map((field) => [field, value]));
    const everyQuery = (value: string) => Object.fromEntries(queryKeys.map((key) => [key, value]));
    const checkout = (email: string) => ({
      shipping: { firstName: 'A', lastName: 'B', email, phone: '0712345678', address: 'x', city: 'y', state: 'Kiambu' },
      payment: { method: 'mpesa', phone: '4'.repeat(LONG) },
      items: [{ productId: 'x', quantity: 1e308 }],
    });
    const cases: Array<Omit<Probe, 'route' | 'auth'>> = [
      { ids: ['\u0000', 'a\u0000', 'b'], query: everyQuery('\u0000'), payload: every('a\u0000b') },
      { ids: ['\ud800', '\u001b', '\u007f'], query: everyQuery('x\udc00'), payload: every('\udbff') },
      // Node refuses a head over 16 KB before any route runs, so long query values are 1,000 characters;
      // bodies stay under the 1 MB limit so that they reach the schemas.
      { ids: ['1'.repeat(LONG), 'x', 'y'], query: { q: 'a'.repeat(LONG) }, payload: every('@'.repeat(30_000)) },
      {
        ids: ['@'.repeat(90), 'x', 'y'],
        query: everyQuery('@'.repeat(1_000)),
        payload: Object.fromEntries(['email', 'name', 'notes', 'code', 'description'].map((f) => [f, '@'.repeat(LONG)])),
      },
      // The first id is also the Idempotency-Key: a valid one, so a checkout body reaches its schema.
      { ids: ['sweep-checkout-1', 'y', 'z'], query: {}, payload: checkout('@'.repeat(LONG)) },
      { ids: ['sweep-checkout-2', 'y', 'z'], query: {}, payload: checkout(`${'a'.repeat(LONG)}@${'b.'.repeat(LONG / 2)}ke`) },
      { ids: ['1e308', '-1e308', '9007199254740993'], query: everyQuery('1e308'), payload: every(1e308) },
      { ids: ['-0', '1e-308', '1e99999'], query: everyQuery('9007199254740993'), payload: every(-1e308) },
      { ids: ['x', 'y', 'z'], query: everyQuery('-1e99999'), payload: `{${fields.map((field) => `"${field}":1e99999`).join(',')}}` },
      { ids: ['x', 'y', 'z'], query: everyQuery('-0'), payload: `{${fields.map((field) => `"${field}":9007199254740993`).join(',')}}` },
      { ids: ['x', 'y', 'z'], query: everyQuery('1e-308'), payload: every(-0) },
      { ids: ['x', 'y', 'z'], query: {}, payload: `${'['.repeat(LONG)}${']'.repeat(LONG)}` },
    ];
    const failures: string[] = [];
    for (const route of everyRoute()) {
      for (const c of cases) failures.push(...(await probe({ ...c, route, auth: 'valid' })));
    }
    expect(failures).toEqual([]);
  }, 900_000);
});
