// npm run bench:load: 200 connections over a mix of catalog search, farm lists and order placement
// (Buy Now, one Idempotency-Key per order, products with stock 1e9), signed-in users, on PGlite and
// PostgreSQL; reports req/s (and its ratio to a bare Fastify hello-world measured first), p50/p99,
// non-2xx and the API's event-loop delay (monitorEventLoopDelay, opt-in through
// SHAMBASOKO_EVENT_LOOP_STATS=1; with several processes, one worker's). Options:
// --duration=<s> (default 60), --warmup=<untimed s first, default 3>, --connections=<n> (default 200), --processes=1,3 (API processes,
// node:cluster on one port; more than one on PostgreSQL only), BENCH_ENGINES.
import { randomUUID } from 'node:crypto';
import {
  cleanup,
  settle,
  engines,
  fmt,
  latencyByKind,
  measure,
  measureBare,
  option,
  prepareDatabase,
  printTable,
  processCounts,
  seed,
  signToken,
  startApi,
  statementStats,
} from './lib.mjs';

const duration = option('duration', 60);
const connections = option('connections', 200);
// Untimed seconds of the same load first, as bench:farm and bench:market do (0: time the cold start too).
const warmup = option('warmup', 3);
// 200 farms (2,000 fields, 20,000 activities, 10,000 costs), 400 member accounts, 20,000 products.
const plan = { farms: 200, members: 400, products: 20_000, bigStockProducts: 200 };

const SEARCHES = [
  'maize',
  'dap fertiliser',
  'knapsack sprayer',
  'avocados',
  'maiz',
  'drip kit',
  'dairy meal',
  'organic',
  'solar pump',
  'tomatoe',
].flatMap((q, i) => [
  `/v1/products?q=${encodeURIComponent(q)}`,
  `/v1/products?q=${encodeURIComponent(q)}&${['category=supplies', 'county=Nakuru', 'inStock=true&sort=price_asc', 'minPrice=500&maxPrice=20000'][i % 4]}`,
]);
const FARM_LISTS = ['/v1/farms', '/v1/activities?status=Pending', '/v1/fields', '/v1/costs', '/v1/dashboard'];

const orderBody = (productId) =>
  JSON.stringify({
    shipping: {
      firstName: 'Wanjiku',
      lastName: 'Mwangi',
      email: 'wanjiku@example.co.ke',
      phone: '0712 345 678',
      address: 'Plot 12, Kiambu Road',
      city: 'Kiambu',
      state: 'Kiambu',
      postalCode: '00900',
    },
    delivery: 'standard',
    payment: { method: 'bank' },
    items: [{ productId, quantity: 1 }],
  });

/** The mix's kinds of request, each one's latencies recorded apart (latencyByKind). */
const KINDS = ['search', 'farm', 'order'];
const byKindOf = latencyByKind(KINDS);
const timed = (kind, request) => byKindOf.wrap(kind, request);

function requests(ids) {
  const users = ids.memberIds.map((id) => ({ authorization: `Bearer ${signToken(id, ids.sessions[id])}` }));
  let nextUser = 0;
  let tick = 0;
  // Each connection signs in as its own user (context is per connection) and cycles through:
  // search, farm list, search, order, farm list — 40 % search, 40 % farm data, 20 % orders.
  const asUser = (build) => (req, context) => {
    context.headers ??= users[nextUser++ % users.length];
    tick += 1;
    return build(req, context.headers);
  };
  const search = {
    method: 'GET',
    setupRequest: asUser((req, auth) => ({ ...req, path: SEARCHES[tick % SEARCHES.length], headers: { ...auth } })),
  };
  const farm = {
    method: 'GET',
    setupRequest: asUser((req, auth) => ({ ...req, path: FARM_LISTS[tick % FARM_LISTS.length], headers: { ...auth } })),
  };
  const order = {
    method: 'POST',
    path: '/v1/orders',
    setupRequest: asUser((req, auth) => ({
      ...req,
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` },
      body: orderBody(ids.bigStockProductIds[tick % ids.bigStockProductIds.length]),
    })),
  };
  return [timed('search', search), timed('farm', farm), timed('search', search), timed('order', order), timed('farm', farm)];
}

/** One timed run against `processes` API processes on the seeded database; answers its table row. */
async function run(engine, env, ids, processes) {
  console.log(`  -- ${processes} API process${processes > 1 ? 'es' : ''}`);
  // Each connection's user orders many times a minute: the bench measures throughput, not the order rate limit.
  const api = await startApi(env, {
    SHAMBASOKO_EVENT_LOOP_STATS: '1',
    ORDER_RATE_LIMIT_PER_USER: '1000000',
    API_PROCESSES: String(processes),
  });
  // Warm-up, and the event-loop window starts with the run.
  const probe = await fetch(`${api.url}/v1/orders`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${signToken(ids.memberIds[0], ids.sessions[ids.memberIds[0]])}`,
      'content-type': 'application/json',
      'idempotency-key': `bench-${randomUUID()}`,
    },
    body: orderBody(ids.bigStockProductIds[0]),
  });
  if (probe.status !== 201) throw new Error(`order probe answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
  await fetch(`${api.url}/_diagnostics/event-loop?reset=1`);
  const stats = env.DATABASE_URL && process.env.BENCH_PG_STATS ? statementStats(env.DATABASE_URL) : undefined;
  const row = await measure(`mix, ${connections} connections`, {
    url: api.url,
    connections,
    duration,
    warmup,
    amount: 2_000_000,
    requests: requests(ids),
    beforeTimed: () => byKindOf.start(),
  });
  const byKind = byKindOf.stop();
  const loop = await (await fetch(`${api.url}/_diagnostics/event-loop`)).json();
  const result = { engine, processes, ...row, loop, byKind };
  console.log(
    `  ${fmt.rps(row.reqPerSec)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, status ${JSON.stringify(row.statusCodes)}, errors ${row.errors}, event-loop p99 ${loop.p99.toFixed(1)} ms (max ${loop.max.toFixed(0)} ms)`,
  );
  console.log(`  by kind, p50/p99: ${KINDS.map((kind) => `${kind} ${byKind[kind].p50}/${byKind[kind].p99} ms`).join(', ')}`);
  // Let queued requests finish first: stopping under a backlog fails them against a closed database.
  await settle(api.url);
  stats?.print();
  await api.stop();
  return result;
}

const rows = [];
// The goal is absolute (≥ 1,500 req/s), but the host's speed varies from hour to hour: a bare Fastify
// hello-world (50 connections, as the other API benches measure it) in the same run says how fast it is.
// Set first in the try: the table below is printed only when the try completed.
let bareRow;
try {
  bareRow = await measureBare({ duration: Math.min(duration, 8) });
  for (const engine of engines()) {
    console.log(`\n== ${engine}: seeding …`);
    const env = await prepareDatabase(engine);
    const ids = await seed(env, plan);
    for (const processes of processCounts()) {
      if (processes > 1 && engine !== 'postgres') continue;
      rows.push(await run(engine, env, ids, processes));
    }
  }
} finally {
  await cleanup();
}

printTable(`bench:load — ${connections} connections, ${duration} s, loopback (search 40 %, farm lists 40 %, orders 20 %)`, rows, [
  { label: 'engine', value: (r) => (r.processes > 1 ? `${r.engine} × ${r.processes}` : r.engine) },
  { label: 'req/s', value: (r) => fmt.rps(r.reqPerSec) },
  { label: '× bare', value: (r) => (r.reqPerSec / bareRow.reqPerSec).toFixed(3) },
  { label: 'p50', value: (r) => fmt.ms(r.p50) },
  { label: 'p99', value: (r) => fmt.ms(r.p99) },
  { label: 'requests', value: (r) => r.total },
  {
    label: 'status codes',
    value: (r) =>
      Object.entries(r.statusCodes)
        .map(([c, n]) => `${c}: ${n}`)
        .join(', '),
  },
  { label: 'non-2xx', value: (r) => r.non2xx },
  { label: 'errors (timeouts)', value: (r) => `${r.errors} (${r.timeouts})` },
  { label: 'event-loop p99 (max)', value: (r) => `${r.loop.p99.toFixed(1)} ms (${r.loop.max.toFixed(0)} ms)` },
  {
    label: 'p50/p99 search, farm list, order',
    value: (r) => KINDS.map((kind) => `${r.byKind[kind].p50}/${r.byKind[kind].p99} ms`).join(', '),
  },
]);
console.log(`bare Fastify hello-world in the same run: ${fmt.rps(bareRow.reqPerSec)} req/s (50 connections)`);
