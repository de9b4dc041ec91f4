import { randomUUID } from 'node:crypto';
import type { OperationNode } from 'kysely';
import { StatementLog, rawSql, tablesRead } from '../../../db/statement-counter';
import { createTestUser } from '../../../testing/auth';
import { testCheckout } from '../../../testing/orders';
import { createShop } from '../../../testing/shops';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

// A checkout's statements are round trips inside one transaction, each waited for (issue 43): the
// notices of the buyer and of every shop are written together, whatever the number of shops.

const log = new StatementLog();
let t: TestApp;
useTestApp((app) => (t = app), { plugins: [log] });

/** Reads users (through Kysely's builder, or raw SQL as `recipientsJsonSql`'s). */
const readsPeople = (node: OperationNode): boolean => tablesRead(node).includes('users') || /\bfrom users\b/.test(rawSql(node));

const writesNotices = (node: OperationNode): boolean => {
  if (node.kind !== 'InsertQueryNode') return false;
  const into = (node as unknown as { into: { table: { identifier: { name: string } } } }).into.table.identifier.name;
  return into === 'notice_outbox' || into === 'notifications';
};

async function checkout(shops: number): Promise<{ statements: number; claims: string[]; people: string[] }> {
  const sellers = await Promise.all(
    Array.from({ length: shops }, (_, i) => createShop(t.db, t.config.jwtSecret, { name: `Shop${i}`, stock: 10 })),
  );
  const buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Njeri' });
  // The session's first check is read and kept: not a checkout's statement.
  await t.request({ method: 'GET', url: '/v1/orders', headers: buyer.headers });
  let status = 0;
  const compiled = await log.during(async () => {
    const placed = await t.request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: testCheckout({ items: sellers.map((s) => ({ productId: s.productId, quantity: 1 })), payment: { method: 'bank' } }),
    });
    status = placed.statusCode;
  });
  expect(status).toBe(201);
  // The statements that tell people: reading them, writing their notices. (Counting every statement
  // would also count a background job's that happened to run meanwhile.) A Buy Now order's claim reads
  // them along: counted apart.
  const claim = (node: OperationNode) => rawSql(node).includes('insert into idempotency_keys');
  const statements = compiled.filter((node) => !claim(node) && (readsPeople(node) || writesNotices(node))).length;
  const claims = compiled.filter(claim).map(rawSql);
  const told = await t.db
    .selectFrom('notifications')
    .select('user_id')
    .where('user_id', 'in', [buyer.id, ...sellers.map((s) => s.user.id)])
    .execute();
  return { statements, claims, people: told.map((r) => r.user_id).sort() };
}

describe('a checkout writes every notice in one statement, its people read with the claim', () => {
  it('the same statements for one shop as for three, and every person told', async () => {
    const one = await checkout(1);
    const three = await checkout(3);
    expect(one.people).toHaveLength(2);
    expect(three.people).toHaveLength(4);
    // Every notice written once, the people read by the claim that locks the products: it was two
    // statements a person (their read, their notice), 4 for one shop and 8 for three, then 2 (stop 64).
    expect(one.statements).toBe(1);
    expect(three.statements).toBe(1);
    for (const claims of [one.claims, three.claims]) {
      expect(claims).toHaveLength(1);
      expect(claims[0]).toMatch(/from users u left join user_preferences p/);
    }
  });
});

describe('a Buy Now order claims its Idempotency-Key and locks its products in one statement', () => {
  it('one round trip for both, the products locked in id order once the key is claimed; a replay locks nothing', async () => {
    const shops = await Promise.all([0, 1].map((i) => createShop(t.db, t.config.jwtSecret, { name: `Lock${i}`, stock: 10 })));
    const buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Atieno' });
    await t.request({ method: 'GET', url: '/v1/orders', headers: buyer.headers });
    const key = randomUUID();
    const place = () =>
      t.request({
        method: 'POST',
        url: '/v1/orders',
        headers: { ...buyer.headers, 'idempotency-key': key },
        payload: testCheckout({ items: shops.map((s) => ({ productId: s.productId, quantity: 2 })), payment: { method: 'bank' } }),
      });
    let status = 0;
    const raw = (await log.during(async () => (status = (await place()).statusCode))).map(rawSql);
    expect(status).toBe(201);
    const claims = raw.filter((text) => text.includes('insert into idempotency_keys'));
    const locks = raw.filter((text) => text.includes('for update of p'));
    // Before: the claim, then `lockProducts` in a statement of its own.
    expect(claims).toHaveLength(1);
    expect(locks).toEqual(claims);
    expect(claims[0]).toMatch(/exists \(select 1 from hit\)/);
    const stock = async () =>
      (
        await t.db
          .selectFrom('products')
          .select('stock_quantity')
          .where(
            'id',
            'in',
            shops.map((s) => s.productId),
          )
          .execute()
      ).map((r) => r.stock_quantity);
    // The stock was taken from both products, once.
    expect(await stock()).toEqual([8, 8]);

    // The same key again: the order placed is answered, and no stock is taken again.
    const again = await place();
    expect(again.statusCode).toBeLessThan(300);
    expect(await stock()).toEqual([8, 8]);
  });
});
