import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Conversation, Message, MessagePage, StartConversationRequest } from '@shambasoko/contracts';
import { clusterBroadcast } from '../../cluster/broadcast';
import { isUuid } from '../../db/ids';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { notify } from '../notifications';
import * as repo from './repository';

// Rules of messages: who reads and writes a conversation (its buyer and seller, or the active members
// of its farm, checked on every request), blocks, read marks and the live fan-out.

type Db = Kysely<Database>;
type Row = NonNullable<repo.ConversationRow>;

const CONVERSATION_NOT_FOUND = 'Conversation not found';
const SELLER_NOT_FOUND = 'Seller not found';
const OWN_SHOP = 'You cannot start a conversation with your own shop.';
const BLOCKED = 'You cannot send messages to this person: they have blocked you.';
const YOU_BLOCKED = 'You have blocked this person. Unblock them to send a message.';
const TICKET_MS = 60_000;

/** The people who read a conversation right now. */
async function readersOf(db: Db, c: Row): Promise<string[]> {
  if (c.kind === 'farm') return repo.farmMemberIds(db, c.farm_id as string);
  return [c.buyer_id, c.seller_user_id].filter((id): id is string => id !== null);
}

/** The conversation if `userId` is in it; 404 otherwise, as for one that does not exist. */
export async function conversationFor(db: Db, userId: string, id: string): Promise<Row> {
  const c = isUuid(id) ? await repo.findConversation(db, id) : undefined;
  if (c === undefined) throw new ApiError(404, CONVERSATION_NOT_FOUND);
  const inIt =
    c.kind === 'farm'
      ? await repo.isActiveFarmMember(db, c.farm_id as string, userId)
      : c.buyer_id === userId || c.seller_user_id === userId;
  if (!inIt) throw new ApiError(404, CONVERSATION_NOT_FOUND);
  return c;
}

async function view(db: Db, userId: string, c: Row & { my_read_at?: Date | null }): Promise<Conversation> {
  const readers = await readersOf(db, c);
  const names = await Promise.all(readers.filter((id) => id !== userId).map((id) => repo.findUser(db, id)));
  const last = await repo.lastMessage(db, c.id);
  const readAt = c.my_read_at === undefined ? null : c.my_read_at;
  return {
    id: c.id,
    subject: {
      kind: c.kind,
      productId: c.product_id,
      orderId: c.order_id,
      farmId: c.farm_id,
      title: c.subject_title,
      photo: c.subject_photo,
    },
    participants: names
      .filter((u) => u !== undefined)
      .map((u) => ({ id: u.id, name: u.full_name || `${u.first_name} ${u.last_name}`.trim() })),
    lastMessage: last ? { text: last.text, senderId: last.sender_id, createdAt: last.created_at.toISOString() } : null,
    unread: await repo.unreadIn(db, c.id, userId, readAt),
    updatedAt: c.updated_at.toISOString(),
  };
}

export async function listConversations(db: Db, userId: string): Promise<Conversation[]> {
  const rows = await repo.listConversationsOf(db, userId);
  return Promise.all(rows.map((r) => view(db, userId, r)));
}

export async function getConversation(db: Db, userId: string, id: string): Promise<Conversation> {
  const c = await conversationFor(db, userId, id);
  const reads = await repo.othersReadUpTo(db, c.id, '', [userId]);
  return view(db, userId, { ...c, my_read_at: reads });
}

/** The buyer's conversation with a shop about a product, an order of theirs or the shop itself; reused when started again. */
export async function startConversation(db: Db, buyerId: string, request: StartConversationRequest): Promise<Conversation> {
  const shop = isUuid(request.sellerId) ? await repo.findShop(db, request.sellerId) : undefined;
  if (shop === undefined || shop.user_id === null) throw new ApiError(404, SELLER_NOT_FOUND);
  if (shop.user_id === buyerId) throw new ApiError(409, OWN_SHOP);
  let subject: Omit<repo.NewConversation, 'buyerId' | 'sellerId' | 'sellerUserId'> = { kind: 'storefront', title: shop.name, photo: null };
  if (request.productId !== undefined) {
    const product = isUuid(request.productId) ? await repo.findProduct(db, request.productId) : undefined;
    if (product === undefined || product.seller_id !== shop.id) throw new ApiError(404, 'Product not found');
    subject = { kind: 'product', productId: product.id, title: product.name, photo: product.photo ?? null };
  } else if (request.orderId !== undefined) {
    const order = isUuid(request.orderId) ? await repo.findOrderBetween(db, request.orderId, buyerId, shop.id) : undefined;
    if (order === undefined) throw new ApiError(404, 'Order not found');
    subject = { kind: 'order', orderId: order.id, title: `Order SS-${String(order.number).padStart(6, '0')}`, photo: null };
  }
  const subjectId = subject.productId ?? subject.orderId ?? null;
  const existing = await repo.findPairConversation(db, buyerId, shop.id, subject.kind, subjectId);
  const id =
    existing?.id ??
    (await repo.insertConversation(db, { ...subject, buyerId, sellerId: shop.id, sellerUserId: shop.user_id })) ??
    (await repo.findPairConversation(db, buyerId, shop.id, subject.kind, subjectId))?.id;
  return getConversation(db, buyerId, id as string);
}

/** The farm's one conversation, made on first use; only its active members reach it. */
export async function farmConversation(db: Db, userId: string, farmId: string): Promise<Conversation> {
  const farm = isUuid(farmId) ? await repo.findFarm(db, farmId) : undefined;
  if (farm === undefined || !(await repo.isActiveFarmMember(db, farm.id, userId))) throw new ApiError(404, 'Farm not found');
  const existing = await repo.farmConversation(db, farm.id);
  if (existing === undefined) await repo.insertConversation(db, { kind: 'farm', farmId: farm.id, title: farm.name, photo: null });
  const c = existing ?? (await repo.farmConversation(db, farm.id));
  return getConversation(db, userId, (c as Row).id);
}

export async function listMessages(db: Db, userId: string, id: string, before: string | undefined): Promise<MessagePage> {
  const c = await conversationFor(db, userId, id);
  const anchor = before !== undefined && isUuid(before) ? await repo.findMessage(db, c.id, before) : undefined;
  if (before !== undefined && anchor === undefined) throw new ApiError(404, 'Message not found');
  const rows = await repo.messagesPage(db, c.id, anchor);
  const readers = await readersOf(db, c);
  const page = rows.slice(0, repo.PAGE).reverse();
  const readMarks = new Map<string, Date | null>();
  for (const senderId of new Set(page.map((r) => r.sender_id)))
    readMarks.set(senderId, await repo.othersReadUpTo(db, c.id, senderId, readers));
  return {
    hasMore: rows.length > repo.PAGE,
    items: page.map((r): Message => {
      const readUpTo = readMarks.get(r.sender_id) ?? null;
      return {
        id: r.id,
        conversationId: c.id,
        senderId: r.sender_id,
        senderName: r.full_name,
        text: r.text,
        photos: r.photos.map((hash) => photoUrl(c.id, hash, 800)),
        createdAt: r.created_at.toISOString(),
        read: readUpTo !== null && readUpTo >= r.created_at,
      };
    }),
  };
}

/**
 * Sends a message; a retry with the same Idempotency-Key answers the first message and sends nothing
 * again. The other side hears of it behind the bell and, live, on its open streams.
 */
export async function sendMessage(
  db: Db,
  userId: string,
  id: string,
  text: string,
  key: string | null,
  photos: readonly string[] = [],
): Promise<{ message: Message; created: boolean }> {
  const c = await conversationFor(db, userId, id);
  if (key !== null) {
    const first = await repo.messageByKey(db, userId, key);
    if (first !== undefined) {
      if (first.conversation_id !== c.id || first.text !== text || first.photos.join() !== photos.join())
        throw new ApiError(422, 'This Idempotency-Key was already used for a different change.');
      return { message: await messageView(db, userId, c, first.id), created: false };
    }
  }
  const readers = await readersOf(db, c);
  const others = readers.filter((r) => r !== userId);
  if (c.kind !== 'farm') {
    for (const other of others) {
      if (await repo.isBlocked(db, other, userId)) throw new ApiError(403, BLOCKED);
      if (await repo.isBlocked(db, userId, other)) throw new ApiError(409, YOU_BLOCKED);
    }
  }
  const sender = await repo.findUser(db, userId);
  const created = await db.transaction().execute(async (trx) => {
    const row = await repo.insertMessage(trx, { conversationId: c.id, senderId: userId, text, photos, key });
    if (row === undefined) return undefined;
    for (const other of others)
      await notify(trx, {
        userId: other,
        type: 'message',
        title: 'New message from {name}',
        body: '{subject}',
        values: { name: sender?.full_name ?? '', subject: c.subject_title },
        link: `/messages/${c.id}`,
      });
    return row;
  });
  // A concurrent retry won the key: answer its message.
  const messageId = created?.id ?? (await repo.messageByKey(db, userId, key as string))?.id;
  if (created) clusterBroadcast.publish({ kind: 'message', conversationId: c.id, userIds: readers, messageId: created.id });
  return { message: await messageView(db, userId, c, messageId as string), created: created !== undefined };
}

/** Where a member reads a message's photo (stored by its hash) in one of its two sizes. */
const photoUrl = (conversationId: string, hash: string, size: 400 | 800) =>
  `/v1/conversations/${conversationId}/photos/${hash}-${size}.webp`;

/** The message as the thread shows it (a just-sent one is among the newest). */
async function messageView(db: Db, userId: string, c: Row, messageId: string): Promise<Message> {
  const page = await listMessages(db, userId, c.id, undefined);
  const found = page.items.find((m) => m.id === messageId);
  if (found === undefined) throw new ApiError(404, 'Message not found');
  return found;
}

export async function markConversationRead(db: Db, userId: string, id: string): Promise<Conversation> {
  const c = await conversationFor(db, userId, id);
  await repo.markRead(db, c.id, userId, new Date());
  return getConversation(db, userId, c.id);
}

/** Unread messages across the user's conversations, for the header's badge. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  return repo.unreadTotal(db, userId);
}

export async function setBlocked(db: Db, userId: string, otherId: string, blocked: boolean): Promise<void> {
  if (!isUuid(otherId) || otherId === userId || (await repo.findUser(db, otherId)) === undefined) throw new ApiError(404, 'User not found');
  await repo.setBlock(db, userId, otherId, blocked);
}

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A one-time ticket for EventSource, which cannot send the bearer token: a minute to open the stream. */
export async function streamTicket(db: Db, userId: string, family: string): Promise<{ ticket: string; expiresAt: string }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_MS);
  await repo.insertTicket(db, hash(ticket), userId, family, expiresAt);
  return { ticket, expiresAt: expiresAt.toISOString() };
}

export async function redeemTicket(db: Db, ticket: string): Promise<{ userId: string; family: string } | undefined> {
  const row = await repo.takeTicket(db, hash(ticket));
  return row ? { userId: row.user_id, family: row.session_family } : undefined;
}
