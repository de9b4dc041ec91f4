import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Order } from '@shambasoko/contracts';
import type { Envelope } from '../http/envelope';
import { createTestUser, type TestUser } from '../testing/auth';
import { ledgerProblems } from '../testing/money';
import { startTestApp, type TestApp } from '../testing/test-app';

// Many buyers order a few low-stock products at once, some of them via the cart, some with a retried
// Idempotency-Key fired several times concurrently. Afterwards the books must balance: no duplicate
// and no lost order, stock never below zero and down by exactly what was sold, every total =
// items + delivery − discount, and so are its parts' amounts together. On PostgreSQL the requests really run in parallel (row locks, key
// waits); the embedded engine has one connection, so there transactions queue behind each other.

const BUYERS = 6;
const ORDERS_PER_BUYER = 8;
/** Low stock, so that demand (~2.5× the stock) races for the last units. */
const LOW_STOCK = [6, 4, 2];

interface Line {
  productId: string;
  quantity: number;
}
interface Attempt {
  buyer: TestUser;
  key: string;
  lines: Line[];
  viaCart: boolean;
  promo: boolean;
  delivery: 'standard' | 'express';
}
interface Outcome {
  attempt: Attempt;
  status: number;
  message: string;
  order: Order | null;
}

let t: TestApp;
let buyers: TestUser[];
let low: Array<{ id: string; name: string; price: number; stock: number }>;
let plenty: { id: string; name: string; price: number; stock: number };
/** Untouched by the race: for cart lines added on the side. */
let spare: string;

/** A fixed pseudo-random sequence: the same workload on every run (timing is the only variable). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function checkout(attempt: Attempt) {
  return {
    shipping: {
      firstName: 'Njeri',
      lastName: 'Kamau',
      email: 'njeri@example.co.ke',
      phone: '0722 000 111',
      address: 'Plot 9, Kenyatta Avenue',
      city: 'Nakuru',
      state: 'Nakuru',
      postalCode: '20100',
    },
    delivery: attempt.delivery,
    payment: { method: 'bank' },
    ...(attempt.promo ? { promoCode: 'KARIBU10' } : {}),
    ...(attempt.viaCart ? {} : { items: attempt.lines }),
  };
}

async function place(attempt: Attempt): Promise<Outcome> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...attempt.buyer.headers, 'idempotency-key': attempt.key },
    payload: checkout(attempt),
  });
  const envelope = res.json<Envelope<Order | null>>();
  return { attempt, status: res.statusCode, message: envelope.header.customerMessage, order: res.statusCode < 300 ? envelope.body : null };
}

beforeAll(async () => {
  // Each buyer places nine orders in one burst, and a refused key retried counts again: the
  // order rate limit is raised for this test, and KARIBU10 (once per buyer) may be used on every order.
  t = await startTestApp({ ORDER_RATE_LIMIT_PER_USER: '1000' });
  await t.db.updateTable('promos').set({ max_uses_per_user: null }).where('code', '=', 'KARIBU10').execute();
  buyers = await Promise.all(Array.from({ length: BUYERS }, () => createTestUser(t.db, t.config.jwtSecret)));
  // Priced ≥ Ksh 1,000 so the KARIBU10 promo (minimum order 1,000) always applies.
  const rows = await t.db
    .selectFrom('products')
    .select(['id', 'name', 'price'])
    .where('price', '>=', 1_000)
    .where('stock_quantity', '>', 0)
    // Services are booked, not ordered.
    .where('category', '<>', 'services')
    .orderBy('id')
    .limit(LOW_STOCK.length + 2)
    .execute();
  low = rows.slice(0, LOW_STOCK.length).map((row, i) => ({ ...row, stock: LOW_STOCK[i]! }));
  plenty = { ...rows[LOW_STOCK.length]!, stock: 1_000 };
  spare = rows[LOW_STOCK.length + 1]!.id;
  for (const product of [...low, plenty])
    await t.db.updateTable('products').set({ stock_quantity: product.stock }).where('id', '=', product.id).execute();
}, 60_000);
afterAll(async () => t?.close());

describe('orders under concurrency', () => {
  it('sells each unit at most once, loses and duplicates nothing, and keeps totals right', async () => {
    const random = sequence(20_261_122);
    const attempts: Attempt[] = [];
    for (const buyer of buyers) {
      for (let n = 0; n < ORDERS_PER_BUYER; n += 1) {
        const lines = new Map<string, number>();
        lines.set(low[Math.floor(random() * low.length)]!.id, 1 + Math.floor(random() * 2));
        if (random() < 0.4) lines.set(low[Math.floor(random() * low.length)]!.id, 1);
        if (random() < 0.3) lines.set(plenty.id, 1);
        attempts.push({
          buyer,
          key: `conc-${randomUUID()}`,
          lines: [...lines].map(([productId, quantity]) => ({ productId, quantity })),
          viaCart: false,
          promo: random() < 0.3,
          delivery: random() < 0.5 ? 'standard' : 'express',
        });
      }
    }
    // One cart checkout per buyer, racing with the Buy Now orders (a buyer's cart is theirs alone).
    for (const buyer of buyers) {
      const lines = [
        { productId: low[0]!.id, quantity: 1 },
        { productId: plenty.id, quantity: 2 },
      ];
      for (const line of lines) {
        const res = await t.request({ method: 'POST', url: '/v1/cart/items', headers: buyer.headers, payload: line });
        expect(res.statusCode).toBe(200);
      }
      attempts.push({ buyer, key: `cart-${randomUUID()}`, lines, viaCart: true, promo: false, delivery: 'standard' });
    }
    // A double click or a retry storm: the same key (and body) three times at once, for a third of the orders.
    const requests = attempts.flatMap((attempt, i) => (i % 3 === 0 ? [attempt, attempt, attempt] : [attempt]));
    const outcomes = await Promise.all(requests.map((attempt) => place(attempt)));

    const problems: string[] = [];
    for (const outcome of outcomes) {
      const { status, message } = outcome;
      const named = outcome.attempt.lines.some((line) => [...low, plenty].some((p) => p.id === line.productId && message.includes(p.name)));
      if (status === 409 && !named) problems.push(`409 without the product's name: ${message}`);
      if (![200, 201, 409].includes(status)) problems.push(`unexpected ${status}: ${message}`);
    }

    // Per key: one order, and every answer to the key is that order (or the same refusal).
    const byKey = new Map<string, Outcome[]>();
    for (const outcome of outcomes) byKey.set(outcome.attempt.key, [...(byKey.get(outcome.attempt.key) ?? []), outcome]);
    const answered = new Map<string, Outcome>();
    for (const [key, answers] of byKey) {
      const ids = new Set(answers.map((a) => a.order?.id ?? 'none'));
      const statuses = answers.map((a) => a.status).sort();
      if (ids.size !== 1) problems.push(`key ${key} answered ${[...ids].join(', ')}`);
      if (ids.has('none') ? statuses.some((s) => s !== 409) : statuses.filter((s) => s === 201).length !== 1) {
        problems.push(`key ${key} answered ${statuses.join(', ')}`);
      }
      const placed = answers.find((a) => a.order !== null);
      if (placed) answered.set(placed.order!.id, placed);
    }

    const userIds = buyers.map((b) => b.id);
    const orders = await t.db.selectFrom('orders').selectAll().where('user_id', 'in', userIds).execute();
    const items =
      orders.length === 0
        ? []
        : await t.db
            .selectFrom('order_items')
            .selectAll()
            .where(
              'order_id',
              'in',
              orders.map((o) => o.id),
            )
            .execute();
    const keys = await t.db.selectFrom('idempotency_keys').select(['key', 'order_id']).where('user_id', 'in', userIds).execute();

    // No lost order (every answer is in the database) and no stray one (every order was answered).
    if (orders.length !== answered.size) problems.push(`${orders.length} orders in the database, ${answered.size} answered`);
    for (const id of answered.keys()) if (!orders.some((o) => o.id === id)) problems.push(`answered order ${id} is missing`);
    for (const order of orders) if (!answered.has(order.id)) problems.push(`order ${order.id} was never answered`);
    if (keys.length !== orders.length || keys.some((k) => k.order_id === null))
      problems.push(`${keys.length} keys for ${orders.length} orders`);

    // Each seller's part carries its own fee (county and weight); the order's is their sum.
    const parts = await t.db.selectFrom('order_fulfilments').select(['order_id', 'delivery_fee']).execute();
    for (const order of orders) {
      const outcome = answered.get(order.id);
      if (!outcome) continue;
      const own = items.filter((i) => i.order_id === order.id);
      const want = outcome.attempt.lines
        .map((l) => `${l.productId}×${l.quantity}`)
        .sort()
        .join();
      if (
        own
          .map((i) => `${i.product_id}×${i.quantity}`)
          .sort()
          .join() !== want
      )
        problems.push(`order ${order.id} items differ from the request`);
      if (order.user_id !== outcome.attempt.buyer.id) problems.push(`order ${order.id} belongs to another buyer`);
      const subtotal = own.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
      const discount = outcome.attempt.promo ? Math.floor(subtotal / 10) : 0;
      const fee = parts.filter((p) => p.order_id === order.id).reduce((sum, p) => sum + p.delivery_fee, 0);
      if (
        order.subtotal !== subtotal ||
        order.discount !== discount ||
        order.delivery_fee !== fee ||
        order.total !== subtotal + fee - discount
      ) {
        problems.push(
          `order ${order.id}: ${order.subtotal} − ${order.discount} + ${order.delivery_fee} = ${order.total}, expected ${subtotal} − ${discount} + ${fee}`,
        );
      }
      if (outcome.order!.total !== order.total)
        problems.push(`order ${order.id} answered total ${outcome.order!.total}, stored ${order.total}`);
    }

    // Double entry: each order's parts (with their share of a promo) add up to its total, and nothing is paid yet.
    problems.push(...(await ledgerProblems(t.db, [...answered.keys()])));

    // Stock: never below zero, and down by exactly the units sold.
    for (const product of [...low, plenty]) {
      const row = await t.db.selectFrom('products').select('stock_quantity').where('id', '=', product.id).executeTakeFirstOrThrow();
      const sold = items.filter((i) => i.product_id === product.id).reduce((sum, i) => sum + i.quantity, 0);
      if (row.stock_quantity < 0) problems.push(`${product.name} stock ${row.stock_quantity}`);
      if (product.stock - row.stock_quantity !== sold)
        problems.push(`${product.name}: stock down by ${product.stock - row.stock_quantity}, sold ${sold}`);
    }
    // Carts of buyers whose cart order went through are empty; the others still hold their lines.
    for (const buyer of buyers) {
      const cartOrder = [...answered.values()].some((o) => o.attempt.buyer.id === buyer.id && o.attempt.viaCart);
      const lines = await t.db
        .selectFrom('cart_items as ci')
        .innerJoin('carts as c', 'c.id', 'ci.cart_id')
        .select('ci.product_id')
        .where('c.user_id', '=', buyer.id)
        .execute();
      if (cartOrder !== (lines.length === 0)) problems.push(`buyer ${buyer.id}: cart order ${cartOrder}, ${lines.length} lines left`);
    }

    expect(problems).toEqual([]);
    // The race was real: the low-stock products ran short, so some orders were refused and some sold.
    expect(outcomes.some((o) => o.status === 409)).toBe(true);
    expect(answered.size).toBeGreaterThan(0);
  }, 60_000);

  it('answers one order for one key fired many times at once, under a different buyer too', async () => {
    const key = `storm-${randomUUID()}`;
    const attempt = (buyer: TestUser): Attempt => ({
      buyer,
      key,
      lines: [{ productId: plenty.id, quantity: 1 }],
      viaCart: false,
      promo: false,
      delivery: 'standard',
    });
    const stockBefore = (await t.db.selectFrom('products').select('stock_quantity').where('id', '=', plenty.id).executeTakeFirstOrThrow())
      .stock_quantity;
    // The key is per buyer: two buyers using the same key get an order each.
    const outcomes = await Promise.all(
      [...Array.from({ length: 8 }, () => attempt(buyers[0]!)), ...Array.from({ length: 8 }, () => attempt(buyers[1]!))].map((a) =>
        place(a),
      ),
    );
    for (const buyer of [buyers[0]!, buyers[1]!]) {
      const mine = outcomes.filter((o) => o.attempt.buyer.id === buyer.id);
      expect(mine.map((o) => o.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(mine.map((o) => o.order?.id)).size).toBe(1);
      const stored = await t.db
        .selectFrom('idempotency_keys')
        .select('order_id')
        .where('user_id', '=', buyer.id)
        .where('key', '=', key)
        .execute();
      expect(stored.map((s) => s.order_id)).toEqual([mine[0]!.order!.id]);
    }
    expect(outcomes[0]!.order!.id).not.toBe(outcomes[8]!.order!.id);
    const stockAfter = (await t.db.selectFrom('products').select('stock_quantity').where('id', '=', plenty.id).executeTakeFirstOrThrow())
      .stock_quantity;
    expect(stockBefore - stockAfter).toBe(2);
  }, 30_000);

  // The windows below exist only where transactions run side by side: the embedded engine runs one
  // at a time (and the lock held here would hold its only connection), so these run on PostgreSQL.
  const onServer = (process.env.DATABASE_URL ?? '') !== '';
  const serverOnly = onServer ? it : it.skip;

  /** Holds a product's row lock, so a checkout that reached it waits there until `release()`. */
  async function holdProduct(productId: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const done = t.db.transaction().execute(async (trx) => {
      await sql`select id from products where id = ${productId}::uuid for update`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    return { release: async () => (release(), await done) };
  }

  /** Until `n` statements of this database wait on a lock (or the time is up). */
  async function waiters(n: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
      `.execute(t.db);
      if ((rows[0]?.n ?? 0) >= n || Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const cartCheckout = (buyer: TestUser): Attempt => ({
    buyer,
    key: `tab-${randomUUID()}`,
    lines: [],
    viaCart: true,
    promo: false,
    delivery: 'standard',
  });

  serverOnly(
    'orders a cart once when two checkouts (two tabs, two keys) run at the same moment',
    async () => {
      const buyer = await createTestUser(t.db, t.config.jwtSecret);
      await t.request({ method: 'POST', url: '/v1/cart/items', headers: buyer.headers, payload: { productId: plenty.id, quantity: 2 } });
      const lock = await holdProduct(plenty.id);
      const both = Promise.all([place(cartCheckout(buyer)), place(cartCheckout(buyer))]);
      await waiters(2);
      await lock.release();
      const outcomes = await both;
      const orders = await t.db.selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute();
      expect(orders).toHaveLength(1);
      expect(outcomes.map((o) => o.status).sort()).toEqual([201, 400]);
    },
    30_000,
  );

  serverOnly(
    'keeps a line added to the cart while a cart checkout is under way',
    async () => {
      const buyer = await createTestUser(t.db, t.config.jwtSecret);
      await t.request({ method: 'POST', url: '/v1/cart/items', headers: buyer.headers, payload: { productId: plenty.id, quantity: 1 } });
      const lock = await holdProduct(plenty.id);
      const checkoutDone = place(cartCheckout(buyer));
      await waiters(1);
      // Another tab adds a product while the checkout waits; it is not part of the order, so it stays.
      const added = t.request({
        method: 'POST',
        url: '/v1/cart/items',
        headers: buyer.headers,
        payload: { productId: spare, quantity: 1 },
      });
      await Promise.race([added, waiters(2)]);
      await lock.release();
      expect((await checkoutDone).status).toBe(201);
      expect((await added).statusCode).toBe(200);
      const lines = await t.db
        .selectFrom('cart_items as ci')
        .innerJoin('carts as c', 'c.id', 'ci.cart_id')
        .select('ci.product_id')
        .where('c.user_id', '=', buyer.id)
        .execute();
      expect(lines.map((l) => l.product_id)).toEqual([spare]);
    },
    30_000,
  );
});
