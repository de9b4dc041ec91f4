// npm run bench:farm: a cooperative-sized account (2,000 farms, 20,000 fields, 6,000 seasons,
// 20,000 crops, 8,000 memberships, 200,000 activities, 100,000 costs, 18,000 budget lines), then
// list/search/aggregate endpoints at 50 connections on loopback, on PGlite and PostgreSQL.
// Options: --duration=<s per endpoint> (default 8), --warmup=<untimed s before each, default 3>,
// BENCH_ENGINES=pglite,postgres.
import { cleanup, settle, engines, fmt, measure, option, prepareDatabase, printTable, seed, signToken, startApi } from './lib.mjs';

const duration = option('duration', 8);
const warmup = option('warmup', 3);
const plan = { farms: 2000, members: 2000, products: 0, bigStockProducts: 0 };

function endpoints(ids) {
  const farmId = ids.farmIds[0];
  return [
    ['farms list (page 1, 20)', ['/v1/farms', '/v1/farms?page=7&sort=name', '/v1/farms?search=baraka', '/v1/farms?status=active&page=3']],
    ['fields list (farm filter)', ids.farmIds.slice(0, 20).map((id) => `/v1/fields?farmId=${id}`)],
    ['activities (filters + search)', [
      `/v1/activities?farmId=${farmId}&status=Pending`,
      '/v1/activities?status=In%20Progress&page=2',
      '/v1/activities?search=armyworm',
      `/v1/activities?farmId=${ids.farmIds[1]}&search=spray`,
      '/v1/activities',
    ]],
    ['costs list', ['/v1/costs', `/v1/costs?farmId=${farmId}`, '/v1/costs?category=Fuel&page=2', '/v1/costs?search=diesel']],
    ['budget summary', [`/v1/budget/summary?farmId=${farmId}`, '/v1/budget/summary', `/v1/budget/summary?farmId=${ids.farmIds[2]}`]],
    ['dashboard', ['/v1/dashboard']],
  ];
}

const rows = [];
try {
  for (const engine of engines()) {
    console.log(`\n== ${engine}: seeding ${plan.farms} farms …`);
    const env = await prepareDatabase(engine);
    const ids = await seed(env, plan);
    const api = await startApi(env);
    const headers = { authorization: `Bearer ${signToken(ids.coopId, ids.sessions[ids.coopId])}` };
    for (const [name, paths] of endpoints(ids)) {
      // Warm-up (and a correctness check: every path must answer 200 before it is timed).
      for (const p of paths) {
        const res = await fetch(api.url + p, { headers });
        if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      }
      const row = await measure(name, { url: api.url, duration, warmup, requests: paths.map((p) => ({ method: 'GET', path: p, headers })) });
      rows.push({ engine, ...row });
      console.log(`  ${name}: ${fmt.rps(row.reqPerSec)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}`);
    }
    // Let queued requests finish first: stopping under a backlog fails them against a closed database.
    await settle(api.url);
    await api.stop();
  }
} finally {
  await cleanup();
}

printTable(`bench:farm — 50 connections, ${duration} s per endpoint, loopback`, rows, [
  { label: 'engine', value: (r) => r.engine },
  { label: 'endpoint', value: (r) => r.name },
  { label: 'req/s', value: (r) => fmt.rps(r.reqPerSec) },
  { label: 'p50', value: (r) => fmt.ms(r.p50) },
  { label: 'p99', value: (r) => fmt.ms(r.p99) },
  { label: 'requests', value: (r) => r.total },
  { label: 'non-2xx', value: (r) => r.non2xx },
  { label: 'errors (timeouts)', value: (r) => `${r.errors} (${r.timeouts})` },
  { label: 'p99 ≤ 100 ms (PostgreSQL goal)', value: (r) => (r.engine === 'postgres' ? (r.p99 <= 100 ? 'yes' : `no (+${r.p99 - 100} ms)`) : '—') },
]);
