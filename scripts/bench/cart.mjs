// npm run bench:cart: signed-in buyers putting a product in their cart and taking it out again
// (POST /v1/cart/items, DELETE /v1/cart/items/:id), each of the 50 connections as its own member, on
// PGlite and PostgreSQL, beside a bare Fastify hello-world measured in the same run. Each change is a
// transaction of five statements (the cart row, the product's stock, the line, its write, the cart read
// back). Options: --duration=<s> (default 8), BENCH_ENGINES, BENCH_PG_STATS.
import { cleanup, columns, forEachEngine, logRow, measure, measureBare, option, printTable, signToken } from './lib.mjs';

const duration = option('duration', 8);
// 400 members (on 20 farms) to sign in as; 200 products with stock enough for any run.
const plan = { farms: 20, members: 400, products: 20_000, bigStockProducts: 200 };

/** Each connection its own member and product: add one, remove it, again. */
function cartRequests(ids) {
  const members = ids.memberIds.map((id) => `Bearer ${signToken(id, ids.sessions[id])}`);
  let next = 0;
  const own = (context) => {
    if (context.authorization === undefined) {
      context.authorization = members[next % members.length];
      context.productId = ids.bigStockProductIds[next % ids.bigStockProductIds.length];
      next += 1;
    }
    return context;
  };
  // `headers: {}`: autocannon reads a request's headers before its first setupRequest runs.
  return [
    {
      method: 'POST',
      path: '/v1/cart/items',
      headers: {},
      setupRequest: (req, context) => {
        const { authorization, productId } = own(context);
        return {
          ...req,
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ productId, quantity: 1 }),
        };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/cart/items',
      headers: {},
      setupRequest: (req, context) => {
        const { authorization, productId } = own(context);
        return { ...req, path: `/v1/cart/items/${productId}`, headers: { authorization } };
      },
    },
  ];
}

const rows = [];
try {
  const bareRow = await measureBare({ duration });
  rows.push({ engine: '—', ...bareRow, ratio: 1 });
  await forEachEngine(plan, `${plan.members} members`, async (engine, api, ids) => {
    if (ids.memberIds.length === 0) throw new Error('the seed made no members');
    const row = await measure('cart: add a product, remove it', { url: api.url, duration, warmup: 2, requests: cartRequests(ids) });
    rows.push({ engine, ...row, ratio: row.reqPerSec / bareRow.reqPerSec });
    logRow(row);
  });
} finally {
  await cleanup();
}

printTable(`bench:cart — 50 connections, ${duration} s, loopback`, rows, [
  ...columns.head,
  { label: '× bare', value: (r) => r.ratio.toFixed(3) },
  ...columns.tail,
]);
