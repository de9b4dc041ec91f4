// npm run bench:market: 100,000 products with varied names (brand × variety × product × pack), then
// catalog search (text + filters), product detail and a bare Fastify hello-world in the same run, at
// 50 connections on loopback, on PGlite and PostgreSQL. Goal on PostgreSQL: search ≥ 0.30 × the bare
// endpoint's req/s with p99 ≤ 50 ms. Options: --duration=<s per endpoint> (default 8), BENCH_ENGINES.
import {
  cleanup,
  columns,
  expectOk,
  fmt,
  forEachEngine,
  logRow,
  measure,
  option,
  printTable,
  signToken,
  startBareFastify,
} from './lib.mjs';

const duration = option('duration', 8);
const plan = { farms: 0, members: 0, products: 100_000, bigStockProducts: 0 };

const TERMS = [
  'maize',
  'maiz',
  'dap fertiliser',
  'fertilizer',
  'knapsack sprayer',
  'avocados',
  'tomatoe',
  'drip kit',
  'dairy meal',
  'organic',
  'yara can',
  'solar pump',
  'veterinary',
  'hybrid seed',
  'potatoes 50 kg',
];
const FILTERS = [
  '',
  '&category=supplies',
  '&county=Nakuru',
  '&inStock=true&sort=price_asc',
  '&minPrice=1000&maxPrice=20000',
  '&minRating=4&sort=rating',
  '&category=crops&county=Meru&inStock=true',
];
/** The mix people send: a fixed set of searches, repeated (so the 3 s catalog cache serves many). */
const SEARCHES = TERMS.flatMap((term, i) =>
  [FILTERS[i % FILTERS.length], FILTERS[(i + 3) % FILTERS.length]].map((f) => `/v1/products?q=${encodeURIComponent(term)}${f}`),
);
/**
 * Never the same URL twice: every page comes from the database. Facet counts and the typo check
 * depend on the words and filters only (105 combinations), so the API may reuse those.
 */
let unique = 0;
const uncachedSearch = () => {
  unique += 1;
  // Page size and page vary too: 15 terms × 7 filters × 36 sizes × 3 pages repeat only after 1,260 requests.
  return `/v1/products?q=${encodeURIComponent(TERMS[unique % TERMS.length])}${FILTERS[unique % FILTERS.length]}&pageSize=${12 + (unique % 36)}&page=${1 + (Math.floor(unique / 36) % 3)}`;
};

/**
 * Never the same words + filters either: a maximum price above every price (so the same matches)
 * that keeps changing, so no facet count or answer can be reused.
 */
let fresh = 0;
const coldSearch = () => {
  fresh += 1;
  const filters = FILTERS[fresh % FILTERS.length];
  const price = 10_000_000 + fresh;
  const varied = filters.includes('maxPrice=') ? filters.replace(/maxPrice=\d+/, `maxPrice=${price}`) : `${filters}&maxPrice=${price}`;
  return `/v1/products?q=${encodeURIComponent(TERMS[fresh % TERMS.length])}${varied}`;
};

const rows = [];
try {
  const bare = await startBareFastify();
  const bareRow = await measure('bare Fastify hello-world', { url: bare.url, duration, requests: [{ method: 'GET', path: '/hello' }] });
  await bare.stop();
  console.log(`  bare Fastify: ${fmt.rps(bareRow.reqPerSec)} req/s, p99 ${bareRow.p99} ms`);
  rows.push({ engine: '—', ...bareRow, ratio: 1 });

  await forEachEngine(plan, `${plan.products} products`, async (engine, api, ids) => {
    const probe = await (await fetch(`${api.url}/v1/products?q=maize`)).json();
    console.log(`  "maize" matches ${probe.body.total} of ${plan.products} products`);
    const details = ids.productIds.slice(0, 200).map((id) => `/v1/products/${id}`);
    await expectOk(api.url, [...SEARCHES, ...details.slice(0, 5), uncachedSearch(), coldSearch()]);
    // The seed's coop runs a shop with 2,000 sales; pages 1-5 of open and of all.
    const seller = { authorization: `Bearer ${signToken(ids.coopId, ids.sessions[ids.coopId])}` };
    const sales = [1, 2, 3, 4, 5].flatMap((page) => [`/v1/seller/sales?page=${page}`, `/v1/seller/sales?status=all&page=${page}`]);
    await expectOk(api.url, sales, { headers: seller });
    const runs = [
      ['search (text + filters, 30-URL mix)', SEARCHES.map((path) => ({ method: 'GET', path }))],
      ['product detail (200 ids)', details.map((path) => ({ method: 'GET', path }))],
      ['search, every URL new (no cache)', [{ method: 'GET', setupRequest: (req) => ({ ...req, path: uncachedSearch() }) }]],
      ['search, every text + filters new (nothing reusable)', [{ method: 'GET', setupRequest: (req) => ({ ...req, path: coldSearch() }) }]],
      ['seller sales list (2,000 sales, 20 a page)', sales.map((path) => ({ method: 'GET', path, headers: seller }))],
    ];
    for (const [name, requests] of runs) {
      const row = await measure(name, { url: api.url, duration, requests });
      rows.push({ engine, ...row, ratio: row.reqPerSec / bareRow.reqPerSec });
      logRow(row);
    }
  });
} finally {
  await cleanup();
}

printTable(`bench:market — 50 connections, ${duration} s per endpoint, loopback`, rows, [
  ...columns.head,
  { label: '× bare', value: (r) => r.ratio.toFixed(2) },
  ...columns.tail,
]);
for (const r of rows.filter((row) => row.engine === 'postgres' && row.name.startsWith('search'))) {
  const met = r.ratio >= 0.3 && r.p99 <= 50;
  console.log(
    `Goal (PostgreSQL ${r.name}: ≥ 0.30 × bare, p99 ≤ 50 ms): ${met ? 'met' : 'NOT met'} — ${r.ratio.toFixed(2)} ×, p99 ${r.p99} ms`,
  );
}
