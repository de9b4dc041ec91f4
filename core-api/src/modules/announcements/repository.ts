import { type Expression, type Insertable, type Kysely, type RawBuilder, type Selectable, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
export type AnnouncementRow = Selectable<Database['announcements']>;

/**
 * The counties a person is in: their shop's, and those of the farms they created or work on. A person
 * may be in several (a shop in Nakuru, a farm in Baringo); an announcement for any of them reaches them.
 */
function countiesOf(user: Expression<string> | RawBuilder<string>) {
  return sql`
    select s.county from sellers s where s.user_id = ${user}
    union select f.county from farms f where f.created_by = ${user} and f.county is not null
    union select f.county from farms f join farm_members m on m.farm_id = f.id where m.user_id = ${user} and f.county is not null`;
}

/** Whether announcement `a` (the alias) reaches `user`: Admin's by role and county, a seller's to their followers. */
function reaches(user: Expression<string> | RawBuilder<string>) {
  return sql<boolean>`(
    (a.seller_id is null
      and exists (select 1 from account_roles r where r.user_id = ${user} and r.role = any(a.roles))
      and (cardinality(a.counties) = 0 or exists (select 1 from (${countiesOf(user)}) c where c.county = any(a.counties))))
    or (a.seller_id is not null
      and ${user} is distinct from a.author_id
      and exists (select 1 from favourites f join products p on p.id = f.product_id where f.user_id = ${user} and p.seller_id = a.seller_id))
  )`;
}

export async function insertAnnouncement(db: Db, row: Insertable<Database['announcements']>) {
  return db.insertInto('announcements').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function adminAnnouncements(db: Db): Promise<AnnouncementRow[]> {
  return db.selectFrom('announcements').selectAll().where('seller_id', 'is', null).orderBy('publish_at', 'desc').limit(100).execute();
}

export async function sellerAnnouncements(db: Db, sellerId: string): Promise<AnnouncementRow[]> {
  return db.selectFrom('announcements').selectAll().where('seller_id', '=', sellerId).orderBy('publish_at', 'desc').limit(100).execute();
}

/** Deletes an Admin's announcement that is not out yet; false if there is none such. */
export async function deleteScheduled(db: Db, id: string, now: Date): Promise<boolean> {
  const r = await db
    .deleteFrom('announcements')
    .where('id', '=', id)
    .where('seller_id', 'is', null)
    .where('publish_at', '>', now)
    .where('delivered_through', 'is', null)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The seller's shop run by `userId`, locked so two posts at once are counted one after the other. */
export async function lockShopOf(db: Transaction<Database>, userId: string): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('sellers')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function postsSince(db: Db, sellerId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('announcements')
    .select('created_at')
    .where('seller_id', '=', sellerId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

/** What reaches `userId`, published by `now`, newest first, with the shop's name for a seller's post. */
export async function announcementsFor(db: Db, userId: string, now: Date) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('sellers as s', 's.id', 'a.seller_id')
    .select(['a.id', 'a.title_en', 'a.body_en', 'a.title_sw', 'a.body_sw', 'a.publish_at', 's.name as shop'])
    .where('a.publish_at', '<=', now)
    .where(reaches(sql.val(userId)))
    .orderBy('a.publish_at', 'desc')
    .orderBy('a.id')
    .limit(50)
    .execute();
}

/** The next undelivered announcement due by `now`, locked; another process skips it while this one delivers. */
export async function lockNextDue(db: Transaction<Database>, now: Date): Promise<AnnouncementRow | undefined> {
  return db
    .selectFrom('announcements')
    .selectAll()
    .where('delivered_at', 'is', null)
    .where('publish_at', '<=', now)
    .orderBy('publish_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function anyDue(db: Db, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('announcements')
    .select('id')
    .where('delivered_at', 'is', null)
    .where('publish_at', '<=', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The next `limit` recipients of announcement `id` after user id `after`, by user id. */
export async function recipientsAfter(db: Db, id: string, after: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('announcements as a', (j) => j.on('a.id', '=', id))
    .select('u.id')
    .where('u.suspended_at', 'is', null)
    .$if(after !== null, (q) => q.where('u.id', '>', after!))
    .where(reaches(sql.ref('u.id')))
    .orderBy('u.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function recordBatch(db: Db, id: string, through: string | null, count: number, doneAt: Date | null): Promise<void> {
  await db
    .updateTable('announcements')
    .set((eb) => ({ delivered_through: through, reach: eb('reach', '+', count), delivered_at: doneAt }))
    .where('id', '=', id)
    .execute();
}
