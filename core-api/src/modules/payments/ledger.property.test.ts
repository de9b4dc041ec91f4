import { randomUUID } from 'node:crypto';
import type { Order } from '@shambasoko/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestUser, type TestUser } from '../../testing/auth';
import { ledgerProblems } from '../../testing/money';
import { testCheckout } from '../../testing/orders';
import { createShop, type TestShop } from '../../testing/shops';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { recordPartReleased, sellerMoney } from './ledger';

// The books under random use: whatever buyers, sellers and the Admin do, in any order (place, pay by
// bank as seller or Admin, cancel as buyer or seller, release after delivery, settle a refund by
// hand), every order's lines sum to zero, ledgerProblems finds nothing, and each seller's balance is
// the sum of their lines and what their live paid parts earned.

let t: TestApp;
let admin: TestUser;
let buyers: TestUser[];
let shops: TestShop[];
useTestApp(
  async (app) => {
    t = app;
    admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] });
    buyers = [
      await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', roles: ['Buyer'] }),
      await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Baraka', roles: ['Buyer'] }),
    ];
    shops = [
      await createShop(t.db, t.config.jwtSecret, { name: 'Achieng', price: 350, stock: 100_000 }),
      await createShop(t.db, t.config.jwtSecret, { name: 'Mutua', county: 'Machakos', price: 1275, stock: 100_000 }),
      await createShop(t.db, t.config.jwtSecret, { name: 'Chebet', county: 'Nakuru', price: 99, stock: 100_000 }),
    ];
  },
  { env: { ORDER_RATE_LIMIT_PER_USER: '100000' } },
);

type Action =
  | { kind: 'place'; buyer: number; shops: number[]; quantity: number }
  | { kind: 'pay'; by: 'seller' | 'admin'; pick: number }
  | { kind: 'cancel'; by: 'buyer' | 'seller'; pick: number }
  | { kind: 'release'; pick: number }
  | { kind: 'settle'; pick: number };

const pick = fc.nat({ max: 5 });
// Weighted towards money moving: a run mostly pays, cancels and settles what it placed.
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      buyer: fc.nat({ max: 1 }),
      shops: fc.subarray([0, 1, 2], { minLength: 1 }),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('pay' as const), by: fc.constantFrom('seller' as const, 'admin' as const), pick }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), by: fc.constantFrom('buyer' as const, 'seller' as const), pick }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('settle' as const), pick }) },
);

/** One run that surely moves money every way, before the random ones. */
const EVERY_KIND: Action[] = [
  { kind: 'place', buyer: 0, shops: [0, 1], quantity: 2 },
  { kind: 'pay', by: 'seller', pick: 0 },
  { kind: 'pay', by: 'admin', pick: 0 },
  { kind: 'release', pick: 0 },
  { kind: 'cancel', by: 'seller', pick: 1 },
  { kind: 'settle', pick: 0 },
];

interface Part {
  orderId: string;
  id: string;
  shop: TestShop;
  buyer: TestUser;
}

/** What succeeded over all runs: the property means little if nothing was ever paid, released or settled. */
const done: Record<Action['kind'], number> = { place: 0, pay: 0, cancel: 0, release: 0, settle: 0 };

const post = (headers: object, url: string, payload: object = {}) => t.request({ method: 'POST', url, headers: headers as never, payload });

async function run(actions: Action[], parts: Part[], orderIds: string[]): Promise<void> {
  // The pick is among the parts an action fits (unpaid ones to pay, paid cancelled ones to settle …),
  // or among all when none fits, so refusals are tried too.
  const partFor = async (kind: Action['kind'], n: number) => {
    if (parts.length === 0) return undefined;
    const rows = await t.db
      .selectFrom('order_fulfilments')
      .select(['id', 'status', 'paid_at'])
      .where(
        'id',
        'in',
        parts.map((p) => p.id),
      )
      .execute();
    const fits = rows.filter((r) => {
      const live = r.status !== 'cancelled';
      const paid = r.paid_at !== null;
      if (kind === 'pay') return live && !paid;
      // A paid part's cancel is what moves money; an unpaid one's is tried when no part is paid.
      if (kind === 'cancel') return live && (paid || rows.every((o) => o.paid_at === null || o.status === 'cancelled'));
      if (kind === 'release') return live && paid;
      return !live && paid;
    });
    const pool = fits.length > 0 ? parts.filter((p) => fits.some((r) => r.id === p.id)) : parts;
    return pool[n % pool.length];
  };
  for (const a of actions) {
    if (a.kind === 'place') {
      const buyer = buyers[a.buyer]!;
      const res = await post({ ...buyer.headers, 'idempotency-key': randomUUID() }, '/v1/orders', {
        ...testCheckout({ items: a.shops.map((s) => ({ productId: shops[s]!.productId, quantity: a.quantity })) }),
      });
      expect(res.statusCode).toBe(201);
      const placed = res.json<{ body: Order }>().body;
      orderIds.push(placed.id);
      done.place += 1;
      for (const f of placed.fulfilments) {
        parts.push({ orderId: placed.id, id: f.id, shop: shops.find((s) => s.sellerId === f.seller.id)!, buyer });
      }
      continue;
    }
    const part = await partFor(a.kind, a.pick);
    if (part === undefined) continue;
    // Refusals (already paid, no longer cancellable, nothing owed) are part of the game: only 5xx is wrong.
    let status = 200;
    if (a.kind === 'pay') {
      status =
        a.by === 'seller'
          ? (await post(part.shop.user.headers, `/v1/seller/sales/${part.id}/mark-paid`)).statusCode
          : (await post(admin.headers, `/v1/admin/orders/${part.orderId}/mark-paid`)).statusCode;
    } else if (a.kind === 'cancel') {
      status =
        a.by === 'seller'
          ? (await post(part.shop.user.headers, `/v1/seller/sales/${part.id}/cancel`, { reason: 'Out of stock' })).statusCode
          : (await post(part.buyer.headers, `/v1/orders/${part.orderId}/fulfilments/${part.id}/cancel`, { reason: 'Changed my mind' }))
              .statusCode;
    } else if (a.kind === 'release') {
      // Released once the buyer has it: the seller walks the part to delivered first.
      for (const [step, body] of [
        ['accept', {}],
        ['dispatch', { note: '' }],
        ['deliver', {}],
      ] as const) {
        expect((await post(part.shop.user.headers, `/v1/seller/sales/${part.id}/${step}`, body)).statusCode).toBeLessThan(500);
      }
      const { status: now } = await t.db
        .selectFrom('order_fulfilments')
        .select('status')
        .where('id', '=', part.id)
        .executeTakeFirstOrThrow();
      if (now === 'delivered') {
        await t.db
          .transaction()
          .execute((trx) => recordPartReleased(trx, { orderId: part.orderId, fulfilmentId: part.id, sellerId: part.shop.sellerId }));
        done.release += 1;
      }
    } else {
      status = (await post(admin.headers, `/v1/admin/refunds/${part.id}/settle`, { reference: `EQ-${a.pick}` })).statusCode;
    }
    expect(status).toBeLessThan(500);
    if (status === 200 && a.kind !== 'release') done[a.kind] += 1;
  }
}

/** Each seller's balance is the sum of their lines, and what their live paid parts earned less what was released. */
async function sellerProblems(): Promise<string[]> {
  const problems: string[] = [];
  for (const shop of shops) {
    const money = await sellerMoney(t.db, shop.sellerId);
    const { rows } = await sql<{ lines: number; earned: number }>`
      select
        coalesce((select -sum(e.amount) from ledger_entries e where e.seller_id = ${shop.sellerId}), 0)::int8 as lines,
        coalesce((select sum((f.subtotal - f.discount + f.delivery_fee)
                   + coalesce((select sum(c.amount) from ledger_entries c where c.fulfilment_id = f.id and c.account = 'platform:commission'), 0))
                  from order_fulfilments f
                  where f.seller_id = ${shop.sellerId} and f.paid_at is not null and f.status <> 'cancelled'), 0)::int8 as earned
    `.execute(t.db);
    const { lines, earned } = rows[0]!;
    const held = money.pending + money.available + money.payingOut;
    if (held !== lines) problems.push(`${shop.sellerId}: sellerMoney holds ${held}, the lines ${lines}`);
    if (held !== earned) problems.push(`${shop.sellerId}: sellerMoney holds ${held}, live paid parts earned ${earned}`);
  }
  return problems;
}

it('keeps every order balanced and every seller’s balance equal to their lines, whatever is done in any order', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 16 }), async (actions) => {
      const parts: Part[] = [];
      const orderIds: string[] = [];
      await run(actions, parts, orderIds);
      const { rows } = await sql<{ order_id: string; total: number }>`
        select order_id, sum(amount)::int8 as total from ledger_entries
        where order_id in (${sql.join(orderIds.length ? orderIds : [randomUUID()])}) group by order_id having sum(amount) <> 0
      `.execute(t.db);
      expect(rows).toEqual([]);
      expect(await ledgerProblems(t.db, orderIds)).toEqual([]);
      expect(await sellerProblems()).toEqual([]);
    }),
    { numRuns: 20, examples: [[EVERY_KIND]] },
  );
  expect(Object.values(done).every((n) => n > 0)).toBe(true);
}, 120_000);
