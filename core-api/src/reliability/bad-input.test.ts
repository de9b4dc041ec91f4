import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestUser, type TestUser } from '../testing/auth';
import { startTestApp, type TestApp } from '../testing/test-app';

// Throws generated malformed ids, query strings, bodies and headers at every route of the API:
// no answer may be a 5xx, every refusal is an envelope with a customerMessage, and a refused write
// leaves the database as it was.

let t: TestApp;
let user: TestUser;
let tables: string[];

beforeAll(async () => {
  t = await startTestApp();
  user = await createTestUser(t.db, t.config.jwtSecret);
  const rows = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
  `.execute(t.db);
  tables = rows.rows.map((r) => r.table_name).sort();
}, 60_000);
afterAll(async () => t.close());

async function rowCounts(): Promise<string> {
  const counts = await Promise.all(tables.map((name) => sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(t.db)));
  return counts.map((c, i) => `${tables[i]}=${c.rows[0]?.n}`).join(',');
}

const weirdText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'null', 'undefined', '../../etc/passwd', '%00', "' or 1=1 --", '<script>', '💥', 'a'.repeat(300)),
  fc.uuid(),
  fc.integer().map(String),
);

const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom('name', 'email', 'amount', 'quantity', 'farmId', 'fieldId', 'status', 'role', 'items', 'idToken', 'productId', 'size', 'startDate'), fc.jsonValue({ maxDepth: 2 })),
);

const authHeader = fc.constantFrom<'none' | 'valid' | 'garbage'>('none', 'valid', 'valid', 'garbage');

describe('every route under malformed input', () => {
  it('never answers 5xx, always explains a refusal, and writes nothing when it refuses', async () => {
    const routes = t.app.routeTable.filter((r) => r.url !== '*' && !r.url.startsWith('/_diagnostics'));
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(weirdText, { minLength: 3, maxLength: 3 }),
        fc.dictionary(fc.constantFrom('page', 'pageSize', 'search', 'q', 'farmId', 'sort', 'minPrice', 'category', 'status'), weirdText, { maxKeys: 3 }),
        body,
        authHeader,
        fc.boolean(),
        async (route, ids, query, payload, auth, rawBody) => {
          let i = 0;
          const path = route.url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(ids[i++] ?? 'x'));
          const search = new URLSearchParams(query).toString();
          // Header values are sent URI-encoded: the HTTP client itself refuses raw control or non-ASCII bytes.
          const headers: Record<string, string> = { 'idempotency-key': encodeURIComponent(ids[0] ?? 'k') };
          if (auth === 'valid') Object.assign(headers, user.headers);
          if (auth === 'garbage') headers.authorization = `Bearer ${encodeURIComponent(ids[1] ?? '')}`;
          const writes = route.method !== 'GET';
          const before = writes ? await rowCounts() : '';
          const res = await t.request({
            method: route.method,
            url: `${path}${search ? `?${search}` : ''}`,
            headers,
            payload: writes ? (rawBody ? `{"broken": ${JSON.stringify(payload)}` : (payload as object)) : undefined,
          });
          const label = `${route.method} ${path}?${search} → ${res.statusCode}`;
          const problems: string[] = [];
          if (res.statusCode >= 500) problems.push(`${label}: ${res.payload.slice(0, 200)}`);
          if (res.statusCode >= 400) {
            const envelope = res.json();
            if (envelope?.header?.isSuccess !== false || !envelope.header.customerMessage) problems.push(`${label}: no envelope message`);
            if (writes && (await rowCounts()) !== before) problems.push(`${label}: a refused write changed the database`);
          }
          failures.push(...problems);
          if (problems.length > 0) throw new Error(problems.join('\n'));
        },
      ),
      { numRuns: 400, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect(failures).toEqual([]);
  }, 240_000);
});
