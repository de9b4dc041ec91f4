import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema';

// All SQL of messages: conversations, their readers, messages, read marks, blocks and stream tickets.

type Db = Kysely<Database> | Transaction<Database>;
export const PAGE = 50;

export type ConversationRow = Awaited<ReturnType<typeof findConversation>>;

export function findConversation(db: Db, id: string) {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isActiveFarmMember(db: Db, farmId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('farm_members')
    .select('id')
    .where('farm_id', '=', farmId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}

export async function farmMemberIds(db: Db, farmId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('farm_members')
    .select('user_id')
    .where('farm_id', '=', farmId)
    .where('status', '=', 'active')
    .where('user_id', 'is not', null)
    .execute();
  return [...new Set(rows.map((r) => r.user_id as string))];
}

export function findFarm(db: Db, farmId: string) {
  return db.selectFrom('farms').select(['id', 'name']).where('id', '=', farmId).executeTakeFirst();
}

export function findProduct(db: Db, productId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'seller_id'])
    .select((eb) =>
      eb
        .selectFrom('product_images')
        .select('path')
        .whereRef('product_images.product_id', '=', 'products.id')
        .orderBy('sort_order')
        .limit(1)
        .as('photo'),
    )
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The order, if `buyerId` placed it and `sellerId` sells a part of it. */
export function findOrderBetween(db: Db, orderId: string, buyerId: string, sellerId: string) {
  return db
    .selectFrom('orders')
    .select(['orders.id', 'orders.number'])
    .where('orders.id', '=', orderId)
    .where('orders.user_id', '=', buyerId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_fulfilments')
          .select('order_fulfilments.id')
          .whereRef('order_fulfilments.order_id', '=', 'orders.id')
          .where('order_fulfilments.seller_id', '=', sellerId),
      ),
    )
    .executeTakeFirst();
}

export function findUser(db: Db, userId: string) {
  return db.selectFrom('users').select(['id', 'full_name', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
}

/** A shop run by an account: one messages a shop, never an account picked by id. */
export function findShop(db: Db, sellerId: string) {
  return db.selectFrom('sellers').select(['id', 'name', 'user_id']).where('id', '=', sellerId).executeTakeFirst();
}

export function findPairConversation(db: Db, buyerId: string, sellerId: string, kind: string, subjectId: string | null) {
  let q = db
    .selectFrom('conversations')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .where('seller_id', '=', sellerId)
    .where('kind', '=', kind as 'product');
  if (kind === 'product') q = q.where('product_id', '=', subjectId);
  if (kind === 'order') q = q.where('order_id', '=', subjectId);
  return q.executeTakeFirst();
}

export interface NewConversation {
  kind: 'product' | 'order' | 'storefront' | 'farm';
  buyerId?: string;
  sellerId?: string;
  sellerUserId?: string;
  productId?: string;
  orderId?: string;
  farmId?: string;
  title: string;
  photo: string | null;
}

/** Inserts unless the same conversation exists (a concurrent start): then returns nothing. */
export async function insertConversation(db: Db, c: NewConversation): Promise<string | undefined> {
  const row = await db
    .insertInto('conversations')
    .values({
      kind: c.kind,
      buyer_id: c.buyerId ?? null,
      seller_id: c.sellerId ?? null,
      seller_user_id: c.sellerUserId ?? null,
      product_id: c.productId ?? null,
      order_id: c.orderId ?? null,
      farm_id: c.farmId ?? null,
      subject_title: c.title,
      subject_photo: c.photo,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function farmConversation(db: Db, farmId: string) {
  return db.selectFrom('conversations').selectAll().where('kind', '=', 'farm').where('farm_id', '=', farmId).executeTakeFirst();
}

/** The user's conversations: buyer or seller in it, or an active member of its farm; newest first. */
export function listConversationsOf(db: Db, userId: string) {
  return db
    .selectFrom('conversations as c')
    .selectAll('c')
    .select((eb) => [
      eb
        .selectFrom('conversation_reads')
        .select('last_read_at')
        .whereRef('conversation_reads.conversation_id', '=', 'c.id')
        .where('conversation_reads.user_id', '=', userId)
        .as('my_read_at'),
    ])
    .where((eb) =>
      eb.or([
        eb('c.buyer_id', '=', userId),
        eb('c.seller_user_id', '=', userId),
        eb.and([
          eb('c.kind', '=', 'farm'),
          eb.exists(
            eb
              .selectFrom('farm_members')
              .select('farm_members.id')
              .whereRef('farm_members.farm_id', '=', 'c.farm_id')
              .where('farm_members.user_id', '=', userId)
              .where('farm_members.status', '=', 'active'),
          ),
        ]),
      ]),
    )
    .orderBy('c.updated_at', 'desc')
    .limit(200)
    .execute();
}

export function lastMessage(db: Db, conversationId: string) {
  return db
    .selectFrom('messages')
    .select(['text', 'sender_id', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Messages from others after the user's read mark. */
export async function unreadIn(db: Db, conversationId: string, userId: string, readAt: Date | null): Promise<number> {
  let q = db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('conversation_id', '=', conversationId)
    .where('sender_id', '<>', userId);
  if (readAt !== null) q = q.where('created_at', '>', readAt);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * Messages from others after the user's read mark, across every conversation the user reads (as
 * listConversationsOf finds them): one query, since the header asks every minute on every page.
 */
export async function unreadTotal(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .leftJoin('conversation_reads as r', (join) => join.onRef('r.conversation_id', '=', 'c.id').on('r.user_id', '=', userId))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('m.sender_id', '<>', userId)
    .where((eb) => eb.or([eb('r.last_read_at', 'is', null), eb('m.created_at', '>', eb.ref('r.last_read_at'))]))
    .where((eb) =>
      eb.or([
        eb('c.buyer_id', '=', userId),
        eb('c.seller_user_id', '=', userId),
        eb.and([
          eb('c.kind', '=', 'farm'),
          eb.exists(
            eb
              .selectFrom('farm_members')
              .select('farm_members.id')
              .whereRef('farm_members.farm_id', '=', 'c.farm_id')
              .where('farm_members.user_id', '=', userId)
              .where('farm_members.status', '=', 'active'),
          ),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function messagesPage(db: Db, conversationId: string, before: { created_at: Date } | undefined) {
  let q = db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.sender_id')
    .select(['messages.id', 'messages.sender_id', 'messages.text', 'messages.photos', 'messages.created_at', 'users.full_name'])
    .where('messages.conversation_id', '=', conversationId);
  if (before) q = q.where('messages.created_at', '<', before.created_at);
  return q
    .orderBy('messages.created_at', 'desc')
    .limit(PAGE + 1)
    .execute();
}

export function findMessage(db: Db, conversationId: string, messageId: string) {
  return db
    .selectFrom('messages')
    .select(['id', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .where('id', '=', messageId)
    .executeTakeFirst();
}

export function messageByKey(db: Db, senderId: string, key: string) {
  return db.selectFrom('messages').selectAll().where('sender_id', '=', senderId).where('client_key', '=', key).executeTakeFirst();
}

export async function insertMessage(
  db: Db,
  m: { conversationId: string; senderId: string; text: string; photos: readonly string[]; key: string | null },
) {
  const row = await db
    .insertInto('messages')
    .values({ conversation_id: m.conversationId, sender_id: m.senderId, text: m.text, photos: [...m.photos], client_key: m.key })
    .onConflict((oc) => oc.columns(['sender_id', 'client_key']).doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  if (row) {
    await db.updateTable('conversations').set({ updated_at: row.created_at }).where('id', '=', m.conversationId).execute();
    await markRead(db, m.conversationId, m.senderId, row.created_at);
  }
  return row;
}

/** Moves the read mark forward only. */
export async function markRead(db: Db, conversationId: string, userId: string, at: Date): Promise<void> {
  await db
    .insertInto('conversation_reads')
    .values({ conversation_id: conversationId, user_id: userId, last_read_at: at })
    .onConflict((oc) =>
      oc
        .columns(['conversation_id', 'user_id'])
        .doUpdateSet({ last_read_at: sql<Date>`greatest(conversation_reads.last_read_at, excluded.last_read_at)` }),
    )
    .execute();
}

/** The earliest read mark among the other readers (null: one of them never read). */
export async function othersReadUpTo(db: Db, conversationId: string, userId: string, others: readonly string[]): Promise<Date | null> {
  const list = others.filter((id) => id !== userId);
  if (list.length === 0) return null;
  const rows = await db
    .selectFrom('conversation_reads')
    .select(['user_id', 'last_read_at'])
    .where('conversation_id', '=', conversationId)
    .where('user_id', 'in', list)
    .execute();
  if (rows.length < list.length) return null;
  return rows.reduce((min, r) => (r.last_read_at < min ? r.last_read_at : min), rows[0]!.last_read_at);
}

export async function isBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setBlock(db: Db, blockerId: string, blockedId: string, blocked: boolean): Promise<void> {
  if (blocked)
    await db
      .insertInto('user_blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  else await db.deleteFrom('user_blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

export async function insertTicket(db: Db, hash: string, userId: string, family: string, expiresAt: Date): Promise<void> {
  await db.deleteFrom('message_stream_tickets').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('message_stream_tickets')
    .values({ token_hash: hash, user_id: userId, session_family: family, expires_at: expiresAt })
    .execute();
}

/** Uses a ticket up: a second use finds nothing. */
export function takeTicket(db: Db, hash: string) {
  return db
    .deleteFrom('message_stream_tickets')
    .where('token_hash', '=', hash)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'session_family'])
    .executeTakeFirst();
}

/** Whether a message of the conversation carries the photo (by its hash). */
export async function conversationHasPhoto(db: Db, conversationId: string, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where(sql<boolean>`photos @> array[${hash}]::text[]`)
    .executeTakeFirst();
  return row !== undefined;
}
