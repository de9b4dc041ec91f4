import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  AnnouncementList,
  AuthoredAnnouncement,
  SellerAnnouncementRequest,
  adminAnnouncementRequestSchema,
} from '@shambasoko/contracts';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import type { Language } from '../../http/language';
import type { JobLog } from '../../jobs/scheduler';
import { notice, notifyAll } from '../notifications';
import * as repo from './repository';

/** Recipients notified per transaction: 10,000 people are 20 short transactions, not one long one. */
export const DELIVERY_BATCH = 500;
/** A seller's posts per rolling 24 hours. */
const SELLER_POSTS_PER_DAY = 3;
const DAY_MS = 86_400_000;

function authored(row: repo.AnnouncementRow, now: Date): AuthoredAnnouncement {
  return {
    id: row.id,
    titleEn: row.title_en,
    bodyEn: row.body_en,
    titleSw: row.title_sw,
    bodySw: row.body_sw,
    roles: row.roles,
    counties: row.counties,
    publishAt: row.publish_at.toISOString(),
    state: row.publish_at.getTime() > now.getTime() ? 'scheduled' : 'published',
    reach: row.reach,
  };
}

type AdminInput = z.output<typeof adminAnnouncementRequestSchema>;

export async function createAdminAnnouncement(db: Kysely<Database>, authorId: string, input: AdminInput, now = new Date()) {
  const publishAt = input.publishAt === undefined ? now : new Date(input.publishAt);
  // A minute's grace: a form sent "now" from a phone whose clock runs slightly behind.
  if (publishAt.getTime() < now.getTime() - 60_000) throw new ApiError(400, 'The publish time has passed; choose a later time');
  const row = await repo.insertAnnouncement(db, {
    author_id: authorId,
    title_en: input.titleEn,
    body_en: input.bodyEn,
    title_sw: input.titleSw,
    body_sw: input.bodySw,
    roles: input.roles,
    counties: input.counties,
    publish_at: publishAt.getTime() < now.getTime() ? now : publishAt,
  });
  return authored(row, now);
}

export async function listAdminAnnouncements(db: Kysely<Database>, now = new Date()) {
  return { items: (await repo.adminAnnouncements(db)).map((r) => authored(r, now)) };
}

export async function deleteAdminAnnouncement(db: Kysely<Database>, id: string, now = new Date()): Promise<void> {
  if (!(await repo.deleteScheduled(db, id, now))) throw new ApiError(404, 'No scheduled announcement has this id');
}

export async function createSellerAnnouncement(db: Kysely<Database>, userId: string, input: SellerAnnouncementRequest, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const shop = await repo.lockShopOf(trx, userId);
    if (shop === undefined) throw new ApiError(403, 'Only a seller with a shop can post to followers');
    const recent = await repo.postsSince(trx, shop.id, new Date(now.getTime() - DAY_MS));
    if (recent.length >= SELLER_POSTS_PER_DAY) {
      const retryAfterSeconds = Math.max(1, Math.ceil((recent[0]!.getTime() + DAY_MS - now.getTime()) / 1000));
      throw new ApiError(429, 'You can post 3 announcements a day; try again tomorrow', { retryAfterSeconds });
    }
    // In the seller's own words only: both language columns carry them.
    const row = await repo.insertAnnouncement(trx, {
      author_id: userId,
      seller_id: shop.id,
      title_en: input.title.trim(),
      body_en: input.body.trim(),
      title_sw: input.title.trim(),
      body_sw: input.body.trim(),
      publish_at: now,
    });
    return authored(row, now);
  });
}

export async function listSellerAnnouncements(db: Kysely<Database>, userId: string, now = new Date()) {
  const shop = await db.selectFrom('sellers').select('id').where('user_id', '=', userId).executeTakeFirst();
  return { items: shop === undefined ? [] : (await repo.sellerAnnouncements(db, shop.id)).map((r) => authored(r, now)) };
}

export async function announcementsFor(
  db: Kysely<Database>,
  userId: string,
  language: Language,
  now = new Date(),
): Promise<AnnouncementList> {
  const rows = await repo.announcementsFor(db, userId, now);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: language === 'sw' ? r.title_sw : r.title_en,
      body: language === 'sw' ? r.body_sw : r.body_en,
      from: r.shop ?? null,
      publishedAt: r.publish_at.toISOString(),
    })),
  };
}

/**
 * Notifies one batch of the next due announcement in its own transaction; false when none is left.
 * The row lock (skip locked) and the stored cursor let any number of processes share the work.
 */
async function deliverBatch(db: Kysely<Database>, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const a = await repo.lockNextDue(trx, now);
    if (a === undefined) return false;
    const ids = await repo.recipientsAfter(trx, a.id, a.delivered_through, DELIVERY_BATCH);
    const written = { en: { title: a.title_en, body: a.body_en }, sw: { title: a.title_sw, body: a.body_sw } };
    // The whole batch in two statements (notifyAll), not two a reader.
    await notifyAll(
      trx,
      ids.map((userId) => notice({ userId, type: 'announcement', title: a.title_en, written, link: '/announcements' })),
    );
    await repo.recordBatch(trx, a.id, ids.at(-1) ?? a.delivered_through, ids.length, ids.length < DELIVERY_BATCH ? now : null);
    return true;
  });
}

export async function deliverDueAnnouncements(db: Kysely<Database>, now = new Date()): Promise<void> {
  while (await deliverBatch(db, now));
}

let delivering: Promise<void> = Promise.resolve();

/** Delivers in the background (after the answer, or after the job's transaction); one run at a time per process. */
export function startDelivery(db: Kysely<Database>, now: Date, log: Pick<JobLog, 'error'>): void {
  delivering = delivering
    .then(() => deliverDueAnnouncements(db, now))
    .catch((err: unknown) => log.error({ err }, 'announcement delivery failed'));
}

/** Settles when the deliveries started so far are done (tests). */
export const announcementDeliveries = (): Promise<void> => delivering;

/** Scheduled job (jobs/registry.ts): starts delivering announcements whose time has come, and any left half-done. */
export function announcementJob(db: Kysely<Database>) {
  return {
    name: 'announcement-delivery',
    intervalMs: 60_000,
    run: async (trx: Kysely<Database>, now: Date, log: JobLog) => {
      if (!(await repo.anyDue(trx, now))) return;
      return () => {
        startDelivery(db, now, log);
        return announcementDeliveries();
      };
    },
  };
}
