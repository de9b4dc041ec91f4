// npm run bench:market: 100,000 products with varied names (brand × variety × product × pack), then
// catalog search (text + filters), product detail and a bare Fastify hello-world in the same run, at
// 50 connections on loopback, on PGlite and PostgreSQL. Goal on PostgreSQL: search ≥ 0.30 × the bare
// endpoint's req/s with p99 ≤ 50 ms. The selling side: creating a listing (no photo), the seller's Sales
// list (2,000 sales) and a storefront (a shop of 500 listings), p99 goal ≤ 50 ms; and photo processing in ms per photo (sharp, ~2 MP JPEG).
// Search as you type: GET /v1/search/suggest on 2-5 letter prefixes of the search words, p99 goal ≤ 30 ms.
// Search with words no request used before: every word new, goal as the nothing-reusable row.
// Options: --duration=<s per endpoint> (default 8), --photos=<count> (default 20), --rows=<text> (only the
// rows whose name contains it, e.g. --rows=search; the bare row always runs), --bare-beside=<s> (each row's
// ratio is to the bare row measured again for these seconds just before it; default 3, 0: the first one), BENCH_ENGINES.
import { spawnSync } from 'node:child_process';
import { bareBaseline, cleanup, columns, expectOk, forEachEngine, logRow, measure, option, printTable, signToken } from './lib.mjs';

const duration = option('duration', 8);
const photoCount = option('photos', 20);
const onlyRows = process.argv.find((a) => a.startsWith('--rows='))?.slice('--rows='.length);

/**
 * ms per photo through the upload's own code (processPhoto: format check, rotate, 400 + 800 px WebP),
 * in a child process (TypeScript via tsx), on a 1920×1080 JPEG of noise (no flat areas to cheat with).
 */
function photoFigure(count) {
  const code = `
    const sharp = (await import('sharp')).default;
    const photos = await import('./core-api/src/modules/market/seller/photos.ts');
    const processPhoto = photos.processPhoto ?? photos.default.processPhoto;
    const jpeg = await sharp({ create: { width: 1920, height: 1080, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 85 }).toBuffer();
    await processPhoto(jpeg);
    const started = performance.now();
    for (let i = 0; i < ${count}; i += 1) await processPhoto(jpeg);
    console.log(JSON.stringify({ ms: (performance.now() - started) / ${count}, bytes: jpeg.length }));
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`photo benchmark failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop());
}
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
 * Never the same URL twice: every page comes from the database. The ranking (first places and facet
 * counts) and the typo check depend on the words, filters and sort only (105 combinations), so the
 * API may reuse those.
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

/**
 * Words no earlier request used (issue 43): the "nothing reusable" row above still cycles 15 texts, so
 * their typo checks and matches stay cached. Here every text is new: two catalog words in a new pair,
 * a catalog word with a typo (a letter dropped, doubled or swapped) next to another word, or a token
 * the catalog has never seen. A seeded generator, so runs compare; a text is never sent twice.
 */
const VOCABULARY = [
  ...'maize bean dap can npk urea dairy meal layers mash chick herbicide fungicide insecticide tomato seedlings kale hay mineral lick'.split(
    ' ',
  ),
  ...'knapsack sprayer drip kit water pump wheelbarrow chaff cutter milk greenhouse solar hoe tank shade net irrigation pipe'.split(' '),
  ...'avocados tomatoes potatoes onions cabbages sukuma wiki mangoes bananas green grams sorghum passion fruit macadamia nuts rice'.split(
    ' ',
  ),
  ...'tractor ploughing veterinary soil testing borehole survey spraying harvesting crew transport hire fertiliser seed'.split(' '),
  ...'premium hybrid organic certified local improved export drought tolerant early highland lowland yara simlaw amiran twiga osho'.split(
    ' ',
  ),
  ...'nakuru kiambu meru nyeri kisumu machakos kericho bungoma mbolea mbegu mahindi nyanya viazi dawa'.split(' '),
];
let seedState = 43;
const random = () => {
  seedState = (seedState * 1103515245 + 12345) % 2147483648;
  return seedState / 2147483648;
};
const pickWord = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)];
function typo(word) {
  const i = 1 + Math.floor(random() * Math.max(1, word.length - 2));
  const kind = Math.floor(random() * 3);
  if (kind === 0 && word.length > 4) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word[i - 1] + word.slice(i);
  return word.length > 3 ? word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1) : `${word}e`;
}
const usedTexts = new Set(TERMS);
let newWords = 0;
function newText() {
  for (;;) {
    newWords += 1;
    const kind = newWords % 3;
    const text =
      kind === 0
        ? `${pickWord()} ${pickWord()}`
        : kind === 1
          ? `${typo(pickWord())} ${pickWord()}`
          : `${pickWord()} ${'bcdfghjkmnpqrstvwxz'[newWords % 19]}${newWords.toString(36)}${'aeiou'[newWords % 5]}`;
    if (!usedTexts.has(text)) {
      usedTexts.add(text);
      return text;
    }
  }
}
const newWordSearch = () => `/v1/products?q=${encodeURIComponent(newText())}${FILTERS[newWords % FILTERS.length]}`;

const rows = [];
try {
  const bare = await bareBaseline({ duration });
  rows.push({ engine: '—', ...bare.row, ratio: 1 });

  await forEachEngine(plan, `${plan.products} products`, async (engine, api, ids) => {
    const probe = await (await fetch(`${api.url}/v1/products?q=maize`)).json();
    console.log(`  "maize" matches ${probe.body.total} of ${plan.products} products`);
    const details = ids.productIds.slice(0, 200).map((id) => `/v1/products/${id}`);
    await expectOk(api.url, [...SEARCHES, ...details.slice(0, 5), uncachedSearch(), coldSearch(), newWordSearch()]);
    // The seed's coop runs a shop with 2,000 sales; pages 1-5 of open and of all.
    const seller = { authorization: `Bearer ${signToken(ids.coopId, ids.sessions[ids.coopId])}` };
    const sales = [1, 2, 3, 4, 5].flatMap((page) => [`/v1/seller/sales?page=${page}`, `/v1/seller/sales?status=all&page=${page}`]);
    await expectOk(api.url, sales, { headers: seller });
    const neverSeen = [{ method: 'GET', setupRequest: (req) => ({ ...req, path: newWordSearch() }) }];
    const detailRequests = details.map((path) => ({ method: 'GET', path }));
    const runs = [
      ['search (text + filters, 30-URL mix)', SEARCHES.map((path) => ({ method: 'GET', path }))],
      ['product detail (200 ids)', detailRequests],
      ['search, every URL new (no cache)', [{ method: 'GET', setupRequest: (req) => ({ ...req, path: uncachedSearch() }) }]],
      ['search, every text + filters new (nothing reusable)', [{ method: 'GET', setupRequest: (req) => ({ ...req, path: coldSearch() }) }]],
      ['search, every word new (never-seen text)', neverSeen],
      ['seller sales list (2,000 sales, 20 a page)', sales.map((path) => ({ method: 'GET', path, headers: seller }))],
    ];
    // The selling side: the seeded farmer cooperative becomes a seller; a bench seller's shop is the storefront.
    const headers = { authorization: `Bearer ${signToken(ids.coopId, ids.sessions[ids.coopId])}`, 'content-type': 'application/json' };
    const profile = await fetch(`${api.url}/v1/seller/profile`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ businessName: 'Bench Coop', county: 'Nakuru', phone: '0712 000 000', pickupLocation: 'Nakuru depot' }),
    });
    if (!profile.ok) throw new Error(`seller profile: ${profile.status}`);
    const shop = (await (await fetch(`${api.url}${details[0]}`)).json()).body.seller.id;
    const listing = JSON.stringify({ title: 'Bench maize grain', category: 'crops', unit: 'bag_90kg', price: 4200, stock: 50 });
    runs.push(
      ['create listing (no photo)', [{ method: 'POST', path: '/v1/seller/products', headers, body: listing }]],
      ['storefront', [{ method: 'GET', path: `/v1/sellers/${shop}` }]],
    );
    // Buyers opening product pages while a seller keeps changing a listing's price (a new price each time).
    const edited = await fetch(`${api.url}/v1/seller/products`, { method: 'POST', headers, body: listing });
    if (!edited.ok) throw new Error(`listing to edit: ${edited.status}`);
    const editedId = (await edited.json()).body.id;
    let price = 4200;
    const priceEdits = [
      {
        method: 'PATCH',
        path: `/v1/seller/products/${editedId}`,
        headers,
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ price: (price = price >= 9000 ? 4200 : price + 1) }) }),
      },
    ];
    // What a phone asks while someone types the bench's words: 2 to 5 letters of each.
    const prefixes = [...new Set(TERMS.flatMap((term) => [2, 3, 4, 5].map((n) => term.slice(0, n))))];
    const suggestions = prefixes.map((p) => `/v1/search/suggest?q=${encodeURIComponent(p)}`);
    await expectOk(api.url, suggestions.slice(0, 3));
    runs.push(['search suggestions (2-5 letter prefixes)', suggestions.map((path) => ({ method: 'GET', path }))]);
    // Other buyers while 50 connections search words nobody searched before: with the search thread
    // (SEARCH_THREAD, on by default on PostgreSQL) their answers do not wait behind those rankings.
    runs.push([
      'product detail, 5 connections, beside 50 searching never-seen words',
      detailRequests,
      { connections: 50, requests: neverSeen },
    ]);
    runs.push([
      'product detail, 5 connections, beside a seller changing a price',
      detailRequests,
      { connections: 1, requests: priceEdits },
    ]);
    for (const [name, requests, alongside] of runs.filter(([name]) => onlyRows === undefined || name.includes(onlyRows))) {
      // The uncached rows measure a server that has been up: 2 s untimed first, so the per-search
      // rankings and typo checks (words + filters only) and prepared statements exist, as in steady state.
      const warmup = name.includes('new') ? 2 : 0;
      const bareNow = await bare.beside(api.url);
      const row = await measure(name, { url: api.url, duration, requests, warmup, ...(alongside && { connections: 5, alongside }) });
      rows.push({ engine, ...row, bare: bareNow.reqPerSec, ratio: row.reqPerSec / bareNow.reqPerSec });
      logRow(row);
      if (row.alongside) {
        const { reqPerSec, p50, p99 } = row.alongside;
        console.log(`    the load beside it: ${Math.round(reqPerSec)} req/s, p50 ${p50} ms, p99 ${p99} ms`);
      }
    }
  });
} finally {
  await cleanup();
}
const photo = onlyRows === undefined ? photoFigure(photoCount) : undefined;

printTable(`bench:market — 50 connections, ${duration} s per endpoint, loopback`, rows, [
  ...columns.head,
  ...columns.bare,
  ...columns.tail,
]);
if (photo)
  console.log(
    `photo processing: ${photo.ms.toFixed(1)} ms per photo (1920×1080 JPEG of ${(photo.bytes / 1024).toFixed(0)} KB → 400 + 800 px WebP, ${photoCount} runs, one at a time)`,
  );
for (const r of rows.filter((row) => row.engine === 'postgres' && row.name.startsWith('seller sales list'))) {
  const met = r.ratio >= 0.1 && r.p99 <= 50;
  console.log(
    `Goal (PostgreSQL ${r.name}: ≥ 0.10 × bare, p99 ≤ 50 ms): ${met ? 'met' : 'NOT met'} — ${r.ratio.toFixed(2)} ×, p99 ${r.p99} ms`,
  );
}
for (const r of rows.filter((row) => row.engine === 'postgres' && ['create listing (no photo)', 'storefront'].includes(row.name))) {
  console.log(`Goal (PostgreSQL ${r.name}: p99 ≤ 50 ms): ${r.p99 <= 50 ? 'met' : 'NOT met'} — p99 ${r.p99} ms`);
}
// Issue 43's goals for the uncached searches and the suggestions; 0.30 × and 50 ms for the cached mix.
const searchGoal = (name) =>
  name.includes('nothing reusable') || name.includes('word new')
    ? { ratio: 0.03, p99: 100 }
    : name.includes('every URL new')
      ? { ratio: 0.1, p99: 50 }
      : name.startsWith('search suggestions')
        ? { ratio: 0, p99: 30 }
        : { ratio: 0.3, p99: 50 };
for (const r of rows.filter((row) => row.engine === 'postgres' && row.name.startsWith('search'))) {
  const goal = searchGoal(r.name);
  const met = r.ratio >= goal.ratio && r.p99 <= goal.p99;
  console.log(
    `Goal (PostgreSQL ${r.name}: ≥ ${goal.ratio.toFixed(2)} × bare, p99 ≤ ${goal.p99} ms): ${met ? 'met' : 'NOT met'} — ${r.ratio.toFixed(2)} ×, p99 ${r.p99} ms`,
  );
}
