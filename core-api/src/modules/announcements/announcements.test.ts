import type { AnnouncementList, AuthoredAnnouncement, AuthoredAnnouncementList } from '@shambasoko/contracts';
import type { Envelope } from '../../http/envelope';
import { runJobIfDue } from '../../jobs/scheduler';
import { createTestUser, type TestUser } from '../../testing/auth';
import { StatementCounter } from '../../db/statement-counter';
import { createShop } from '../../testing/shops';
import { type TestApp, startTestApp } from '../../testing/test-app';
import { DELIVERY_BATCH, announcementDeliveries, announcementJob, deliverDueAnnouncements } from './service';

// Issue 41, announcements: an Admin's to roles and counties (now or at a time), a seller's to the
// buyers who favourited their products, what reaches each reader in their language, and delivery as
// notifications, batched, once.

let t: TestApp;
let admin: TestUser;
const counter = new StatementCounter();
const quietLog = { info: () => undefined, error: () => undefined, child: () => quietLog };

beforeAll(async () => {
  t = await startTestApp({}, { plugins: [counter] });
  admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Amina', lastName: 'Admin', roles: ['Admin'] });
}, 60_000);
afterAll(async () => t?.close());

async function ask<T>(who: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await t.request({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });
  const envelope = res.json<Envelope<T>>();
  return { status: res.statusCode, body: envelope.body as T, message: envelope.header.customerMessage };
}

/** A person with `roles` whose farm is in `county` (none: no farm, so no county). */
async function person(
  name: string,
  roles: Array<'Farmer' | 'Buyer' | 'Supplier' | 'Retailer' | 'Admin'>,
  county?: string,
  language?: 'sw',
) {
  const user = await createTestUser(t.db, t.config.jwtSecret, { firstName: name, roles });
  if (county !== undefined)
    await t.db
      .insertInto('farms')
      .values({ name: `${name} shamba`, county, created_by: user.id })
      .execute();
  if (language) await t.db.insertInto('user_preferences').values({ user_id: user.id, language }).execute();
  return user;
}

const titles = async (who: TestUser) => (await ask<AnnouncementList>(who, 'GET', '/v1/announcements')).body.items.map((a) => a.title);
const noticesOf = (userId: string) =>
  t.db
    .selectFrom('notifications')
    .select(['title', 'body', 'link'])
    .where('user_id', '=', userId)
    .where('type', '=', 'announcement')
    .execute();

const announce = (over: object = {}) =>
  ask<AuthoredAnnouncement>(admin, 'POST', '/v1/admin/announcements', {
    titleEn: 'Rains are coming',
    bodyEn: 'Plant maize this week.',
    titleSw: 'Mvua zinakuja',
    bodySw: 'Panda mahindi wiki hii.',
    roles: ['Farmer'],
    ...over,
  });

describe('an Admin announcement reaches its roles in its counties, in each reader’s language', () => {
  it('Farmers in Nakuru (by farm or shop) hear it; a Mombasa farmer, a Nakuru buyer and a farmer with no county do not', async () => {
    const nakuru = await person('Wanjiru', ['Farmer'], 'Nakuru', 'sw');
    const mombasa = await person('Hamisi', ['Farmer'], 'Mombasa');
    const buyer = await person('Otieno', ['Buyer'], 'Nakuru');
    const nowhere = await person('Kip', ['Farmer']);
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Nakurushop', county: 'Nakuru' });

    const sent = await announce({ titleEn: 'Nakuru rains', titleSw: 'Mvua za Nakuru', counties: ['Nakuru'] });
    expect(sent).toMatchObject({ status: 201, message: 'Announcement published', body: { state: 'published', counties: ['Nakuru'] } });
    await announcementDeliveries();

    expect(await titles(nakuru)).toContain('Mvua za Nakuru');
    expect(await titles(shop.user)).toContain('Nakuru rains');
    for (const who of [mombasa, buyer, nowhere]) expect(await titles(who)).not.toContain('Nakuru rains');

    expect(await noticesOf(nakuru.id)).toEqual([{ title: 'Mvua za Nakuru', body: 'Panda mahindi wiki hii.', link: '/announcements' }]);
    expect(await noticesOf(shop.user.id)).toHaveLength(1);
    for (const who of [mombasa, buyer, nowhere]) expect(await noticesOf(who.id)).toEqual([]);
    const list = await ask<AuthoredAnnouncementList>(admin, 'GET', '/v1/admin/announcements');
    // The seed has Nakuru farmers of its own: reach counts everyone notified.
    const notified = await t.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.count<string>('id').as('c'))
      .where('title', 'in', ['Nakuru rains', 'Mvua za Nakuru'])
      .executeTakeFirstOrThrow();
    expect(list.body.items.find((a) => a.id === sent.body.id)).toMatchObject({ state: 'published', reach: Number(notified.c) });
  });

  it('one with no county reaches every county, and the farmer with none', async () => {
    const nowhere = await person('Akinyi', ['Farmer']);
    const mombasa = await person('Juma', ['Farmer'], 'Mombasa');
    const buyer = await person('Njeri', ['Buyer']);
    await announce({ titleEn: 'All Kenya notice' });
    await announcementDeliveries();
    expect(await titles(nowhere)).toContain('All Kenya notice');
    expect(await titles(mombasa)).toContain('All Kenya notice');
    expect(await titles(buyer)).not.toContain('All Kenya notice');
  });
});

describe('a scheduled announcement', () => {
  it('is not seen or sent before its time; the job publishes it once, even run again or alongside another delivery', async () => {
    const farmer = await person('Mutua', ['Farmer'], 'Machakos');
    const at = new Date(Date.now() + 3_600_000);
    const sent = await announce({ titleEn: 'Field day', counties: ['Machakos'], publishAt: at.toISOString() });
    expect(sent).toMatchObject({ status: 201, message: 'Announcement scheduled', body: { state: 'scheduled', reach: 0 } });

    const job = { ...announcementJob(t.db), intervalMs: Number.NEGATIVE_INFINITY };
    await runJobIfDue(t.db, job, new Date(), quietLog);
    // Another announcement's delivery, as a publish-now starts, leaves it alone too.
    await Promise.all([announcementDeliveries(), deliverDueAnnouncements(t.db)]);
    expect(await titles(farmer)).not.toContain('Field day');
    expect(await noticesOf(farmer.id)).toEqual([]);

    // The time comes.
    await t.db
      .updateTable('announcements')
      .set({ publish_at: new Date(Date.now() - 1000) })
      .where('id', '=', sent.body.id)
      .execute();
    await runJobIfDue(t.db, job, new Date(), quietLog);
    await Promise.all([announcementDeliveries(), deliverDueAnnouncements(t.db)]);
    await runJobIfDue(t.db, job, new Date(), quietLog);
    await announcementDeliveries();

    expect(await titles(farmer)).toContain('Field day');
    expect(await noticesOf(farmer.id)).toHaveLength(1);
    const row = await t.db
      .selectFrom('announcements')
      .select(['reach', 'delivered_at'])
      .where('id', '=', sent.body.id)
      .executeTakeFirstOrThrow();
    expect(row.reach).toBe(1);
    expect(row.delivered_at).not.toBeNull();
  });

  it('can be deleted by an Admin before its time, not after', async () => {
    const later = await announce({ publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await ask(admin, 'DELETE', `/v1/admin/announcements/${later.body.id}`)).toMatchObject({
      status: 200,
      message: 'Announcement deleted',
    });
    expect(await ask(admin, 'DELETE', `/v1/admin/announcements/${later.body.id}`)).toMatchObject({ status: 404 });
    const now = await announce();
    await announcementDeliveries();
    expect(await ask(admin, 'DELETE', `/v1/admin/announcements/${now.body.id}`)).toMatchObject({
      status: 404,
      message: 'No scheduled announcement has this id',
    });
  });
});

describe('delivery in batches', () => {
  it(`notifies ${DELIVERY_BATCH * 2 + 10} recipients over three transactions, each once`, async () => {
    const n = DELIVERY_BATCH * 2 + 10;
    const users = await t.db
      .insertInto('users')
      .values(
        Array.from({ length: n }, (_, i) => ({
          firebase_uid: `bulk-${i}-${Date.now()}`,
          email: `bulk${i}-${Date.now()}@example.co.ke`,
          username: `bulk${i}`,
        })),
      )
      .returning('id')
      .execute();
    await t.db
      .insertInto('account_roles')
      .values(users.map((u) => ({ user_id: u.id, role: 'Retailer' })))
      .execute();
    const sent = await announce({ titleEn: 'Retailers only', roles: ['Retailer'] });
    const statements = await counter.during(() => announcementDeliveries());
    // A few statements a batch (its lock, readers, people, notices, cursor), not two a reader (issue 43).
    expect(statements).toBeLessThan(30);
    const row = await t.db.selectFrom('announcements').select('reach').where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    expect(row.reach).toBe(n);
    const counted = await t.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.count<string>('id').as('c'))
      .where('title', '=', 'Retailers only')
      .executeTakeFirstOrThrow();
    expect(Number(counted.c)).toBe(n);
  }, 120_000);
});

describe('a seller posts to their followers', () => {
  it('reaches the buyers who favourited any of their products, no one else; three a day', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Chebet', county: 'Kericho' });
    const follower = await person('Follower', ['Buyer']);
    const stranger = await person('Stranger', ['Buyer'], 'Kericho');
    expect((await ask(follower, 'PUT', `/v1/favourites/${shop.productId}`)).status).toBeLessThan(300);

    const post = await ask<AuthoredAnnouncement>(shop.user, 'POST', '/v1/seller/announcements', {
      title: 'Fresh tea',
      body: 'Picked today.',
    });
    expect(post).toMatchObject({ status: 201, message: 'Sent to your followers' });
    await announcementDeliveries();
    expect((await ask<AnnouncementList>(follower, 'GET', '/v1/announcements')).body.items).toEqual([
      expect.objectContaining({ title: 'Fresh tea', body: 'Picked today.', from: 'Chebet Farm' }),
    ]);
    expect(await noticesOf(follower.id)).toHaveLength(1);
    expect(await titles(stranger)).not.toContain('Fresh tea');
    expect(await noticesOf(stranger.id)).toEqual([]);
    expect(await noticesOf(shop.user.id)).toEqual([]);
    expect((await ask<AuthoredAnnouncementList>(shop.user, 'GET', '/v1/seller/announcements')).body.items).toEqual([
      expect.objectContaining({ titleEn: 'Fresh tea', reach: 1, state: 'published' }),
    ]);

    for (const title of ['Two', 'Three'])
      expect((await ask(shop.user, 'POST', '/v1/seller/announcements', { title, body: 'x' })).status).toBe(201);
    expect(await ask(shop.user, 'POST', '/v1/seller/announcements', { title: 'Four', body: 'x' })).toMatchObject({
      status: 429,
      message: 'You can post 3 announcements a day; try again tomorrow',
    });
  });
});

describe('who may write', () => {
  it('Admin routes refuse everyone else; seller routes refuse buyers and sellers with no shop', async () => {
    const buyer = await person('Buyer', ['Buyer']);
    const farmer = await person('Shopless', ['Farmer']);
    for (const who of [buyer, farmer]) {
      expect(
        (await ask(who, 'POST', '/v1/admin/announcements', { titleEn: 'x', bodyEn: 'x', titleSw: 'x', bodySw: 'x', roles: ['Farmer'] }))
          .status,
      ).toBe(403);
      expect((await ask(who, 'GET', '/v1/admin/announcements')).status).toBe(403);
    }
    expect((await ask(buyer, 'POST', '/v1/seller/announcements', { title: 'x', body: 'x' })).status).toBe(403);
    expect(await ask(farmer, 'POST', '/v1/seller/announcements', { title: 'x', body: 'x' })).toMatchObject({
      status: 403,
      message: 'Only a seller with a shop can post to followers',
    });
    expect((await ask(null, 'GET', '/v1/announcements')).status).toBe(401);
  });
});
