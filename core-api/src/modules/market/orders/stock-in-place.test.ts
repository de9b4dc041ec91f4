import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { PublicProduct } from '@shambasoko/contracts';
import { createTestUser } from '../../../testing/auth';
import { testCheckout } from '../../../testing/orders';
import { createShop } from '../../../testing/shops';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { claimIdempotencyKey, insertOrder } from './repository';

// A sale's stock move rewrites the product row in place (migration 065): no index of products holds
// stock, and a move of stock alone leaves `updated_at`, which an index holds, as it was.

let t: TestApp;
useTestApp((app) => (t = app));

const updatedAt = async (id: string) =>
  (await t.db.selectFrom('products').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at.getTime();

/** Makes `updated_at` an hour old, so any move of it shows. */
const backdate = (id: string) =>
  t.db
    .updateTable('products')
    .set({ updated_at: sql`now() - interval '1 hour'`, name: sql`name || ''` })
    .where('id', '=', id)
    .execute();

describe('stock moves in place', () => {
  it('no index of products holds stock_quantity (an index on it makes every sale write all thirteen)', async () => {
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where schemaname = current_schema() and tablename = 'products'
    `.execute(t.db);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.indexdef.includes('stock_quantity')).map((r) => r.indexdef)).toEqual([]);
  });

  it("a sale moves the listing's stock but not its updated_at; the seller's own stock changes move both", async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Wairimu', stock: 10 });
    const buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Otieno' });
    await backdate(shop.productId);
    const before = await updatedAt(shop.productId);

    const placed = await t.request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: testCheckout({ items: [{ productId: shop.productId, quantity: 3 }], payment: { method: 'bank' } }),
    });
    expect(placed.statusCode).toBe(201);
    const stock = await t.db.selectFrom('products').select('stock_quantity').where('id', '=', shop.productId).executeTakeFirstOrThrow();
    expect(stock.stock_quantity).toBe(7);
    expect(await updatedAt(shop.productId)).toBe(before);

    // Any other change still moves it, even one that writes a column's own value (a photo's "touch").
    await t.db
      .updateTable('products')
      .set({ status: sql`status` })
      .where('id', '=', shop.productId)
      .execute();
    expect(await updatedAt(shop.productId)).toBeGreaterThan(before);

    for (const change of [
      { method: 'PATCH' as const, url: `/v1/seller/products/${shop.productId}`, payload: { stock: 40 }, status: 200 },
      {
        method: 'POST' as const,
        url: `/v1/seller/products/${shop.productId}/stock-adjustments`,
        payload: { delta: 5, reason: 'restock' },
        status: 201,
      },
    ]) {
      await backdate(shop.productId);
      const old = await updatedAt(shop.productId);
      const res = await t.request({ method: change.method, url: change.url, headers: shop.user.headers, payload: change.payload });
      expect(res.statusCode).toBe(change.status);
      expect(await updatedAt(shop.productId)).toBeGreaterThan(old);
    }
  });

  it('related products are the in-stock ones first, then the others, each best rated first, as before the index changed', async () => {
    const equipment = (await t.db.selectFrom('products').select('id').where('category', '=', 'equipment').orderBy('id').execute()).map(
      (r) => r.id,
    );
    // The order the old index served, read from the rows themselves.
    const expected = async (productId: string) =>
      (
        await sql<{ id: string }>`
          select p.id from products p join sellers s on s.id = p.seller_id
          where p.category = 'equipment' and p.id <> ${productId}::uuid and p.status = 'active'
          order by (p.stock_quantity > 0) desc, p.featured desc, p.rating desc, p.review_count desc, p.id
          limit 4
        `.execute(t.db)
      ).rows.map((r) => r.id);

    // Everything in stock; two in stock; none in stock. A product page each time (each answer is kept).
    for (const [i, inStock] of [equipment.length, 2, 0].entries()) {
      const productId = equipment[i] ?? '';
      const stocked = equipment.filter((id) => id !== productId).slice(0, inStock);
      await t.db
        .updateTable('products')
        .set({ stock_quantity: sql`case when id = any(${sql.val(stocked)}::uuid[]) then 5 else 0 end` })
        .where('category', '=', 'equipment')
        .execute();
      const want = await expected(productId);
      expect(want).toHaveLength(4);
      const res = await t.request({ method: 'GET', url: `/v1/products/${productId}` });
      expect(res.json<{ body: PublicProduct }>().body.related.map((p) => p.id)).toEqual(want);
    }
  });

  it('the order statement takes stock only where enough is left, says which it took, and writes the parts', async () => {
    const plenty = await createShop(t.db, t.config.jwtSecret, { name: 'Akinyi', stock: 10 });
    const scarce = await createShop(t.db, t.config.jwtSecret, { name: 'Kamau', stock: 2 });
    const buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Njeri' });
    const line = (shop: typeof plenty, quantity: number) => ({
      product_id: shop.productId,
      name: 'maize',
      unit_price: 1000,
      quantity,
      image_path: null,
      seller_id: shop.sellerId,
    });
    const stockOf = async (id: string, db = t.db) =>
      (await db.selectFrom('products').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow()).stock_quantity;
    const rolledBack = new Error('rolled back');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await claimIdempotencyKey(trx, buyer.id, 'stock-guard', 'x');
        const created = await insertOrder(
          trx,
          {
            userId: buyer.id,
            subtotal: 5000,
            discount: 0,
            deliveryFee: 0,
            total: 5000,
            delivery: 'standard',
            shipping: testCheckout().shipping,
            paymentMethod: 'bank',
            promoCode: null,
            paymentWindowMs: 60_000,
          },
          [line(plenty, 4), line(scarce, 3)],
          'stock-guard',
          [plenty, scarce].map((shop, i) => ({
            seller_id: shop.sellerId,
            subtotal: 2000 + i,
            discount: i,
            delivery_fee: 150,
            preorder: i === 1,
          })),
        );
        expect(created.taken).toEqual([plenty.productId]);
        // The same statement wrote the order's parts, each with its first timeline event.
        const parts = await trx
          .selectFrom('order_fulfilments as f')
          .select(['f.seller_id', 'f.subtotal', 'f.discount', 'f.delivery_fee', 'f.preorder', 'f.status'])
          .select((eb) =>
            eb
              .selectFrom('fulfilment_events as e')
              .select(sql<string>`string_agg(e.status, ',')`.as('s'))
              .whereRef('e.fulfilment_id', '=', 'f.id')
              .as('events'),
          )
          .where('f.order_id', '=', created.id)
          .orderBy('f.subtotal')
          .execute();
        expect(
          parts.map((p) => ({ ...p, subtotal: Number(p.subtotal), discount: Number(p.discount), delivery_fee: Number(p.delivery_fee) })),
        ).toEqual([
          {
            seller_id: plenty.sellerId,
            subtotal: 2000,
            discount: 0,
            delivery_fee: 150,
            preorder: false,
            status: 'awaiting_payment',
            events: 'awaiting_payment',
          },
          {
            seller_id: scarce.sellerId,
            subtotal: 2001,
            discount: 1,
            delivery_fee: 150,
            preorder: true,
            status: 'awaiting_payment',
            events: 'awaiting_payment',
          },
        ]);
        expect(await stockOf(plenty.productId, trx)).toBe(6);
        expect(await stockOf(scarce.productId, trx)).toBe(2);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect([await stockOf(plenty.productId), await stockOf(scarce.productId)]).toEqual([10, 2]);
  });
});
