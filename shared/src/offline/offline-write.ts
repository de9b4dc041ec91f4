import type { QueryClient } from '@tanstack/react-query';
import { isUnreachable, request } from '@shambasoko/shared';
import { outboxAccount, outboxItems, queueWrite, replayOutbox, type OfflineWriteKind, type OutboxItem } from './outbox';

export interface OfflineWrite {
  kind: OfflineWriteKind;
  method: 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
  label: string;
  /** A new record's row for the lists, kept with the queued write (see keepOutboxInLists). */
  shown?: { resource: string; record: Record<string, unknown> };
}

/** What a write came back with: the server's record, or the queued write when there was no network. */
export type OfflineWriteResult<T> = { queued: false; value: T } | { queued: true; item: OutboxItem };

/** Tag of the Background Sync registration the service worker answers (shell/src/sw.ts). */
const OUTBOX_SYNC_TAG = 'shambasoko-outbox';

interface SyncCapable {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the service worker to tell the page when the connection is back, where Background Sync exists. */
export function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as unknown as SyncCapable).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Sends a write with a fresh Idempotency-Key. Offline, or when the server cannot be reached, or while
 * earlier writes still wait (order matters: a cost on a field added offline), it joins the outbox
 * instead; the key stays the same, so a write that did reach the server is not applied twice.
 * A refusal (4xx) made while online is thrown as usual, for the form to show.
 */
export async function offlineWrite<T>(write: OfflineWrite): Promise<OfflineWriteResult<T>> {
  const id = crypto.randomUUID();
  const queue = async (): Promise<OfflineWriteResult<T>> => {
    const item = await queueWrite({ id, ...write });
    requestBackgroundSync();
    return { queued: true, item };
  };
  // Without an account to keep it for (a remote running alone, say), a write just goes out.
  const canQueue = outboxAccount() !== null;
  if (canQueue && (offline() || outboxItems().some((i) => i.state === 'waiting'))) {
    const result = await queue();
    if (!offline()) void replayOutbox();
    return result;
  }
  try {
    return { queued: false, value: await request<T>(write.method, write.path, { body: write.body, headers: { 'Idempotency-Key': id } }) };
  } catch (error) {
    if (canQueue && isUnreachable(error)) return queue();
    throw error;
  }
}

export const pendingId = (item: Pick<OutboxItem, 'id'>) => `pending-${item.id}`;
export const isPendingId = (id: string) => id.startsWith('pending-');

/**
 * Where a listed record stands in the outbox: 'waiting' while a write of it (its creation, for a pending
 * id, or a change to it) waits to be sent, 'refused' once the server refused one, else null.
 */
export function syncStateOf(items: readonly OutboxItem[], id: string): OutboxItem['state'] | null {
  const own = isPendingId(id)
    ? items.filter((i) => pendingId(i) === id)
    : items.filter((i) => i.method === 'PATCH' && i.path.endsWith(`/${encodeURIComponent(id)}`));
  if (own.some((i) => i.state === 'refused')) return 'refused';
  return own.length > 0 ? 'waiting' : null;
}

type ListPage = { items: Array<Record<string, unknown>>; total: number };
const isListPage = (data: unknown): data is ListPage => Array.isArray((data as ListPage | null)?.items);
/** Whether the record meets a list's filters (the third part of its query key); '' and absent mean all. */
export const fitsFilters = (filters: unknown, record: Record<string, unknown>) =>
  ['farmId', 'fieldId', 'seasonId', 'cropId', 'category'].every((key) => {
    const wanted = (filters as Record<string, unknown> | undefined)?.[key];
    return wanted === undefined || wanted === '' || wanted === record[key];
  });

/**
 * Prepends the outbox's queued new records that a list fits (its resource and filters) and does not
 * show yet. The list keeps its fetch time (the offline banner's "saved at").
 */
function showQueued(client: QueryClient, queryKey: readonly unknown[], data: ListPage, dataUpdatedAt: number): void {
  const rows = outboxItems().flatMap(({ shown, ...item }) =>
    shown && shown.resource === queryKey[1] && fitsFilters(queryKey[2], shown.record) && !data.items.some((r) => r.id === pendingId(item))
      ? [{ ...shown.record, id: pendingId(item) }]
      : [],
  );
  if (rows.length === 0) return;
  client.setQueryData(
    queryKey,
    { ...data, items: [...rows, ...data.items], total: data.total + rows.length },
    { updatedAt: dataUpdatedAt },
  );
}

/** Shows the queued new records in every cached farm list they belong in (right after queueing one). */
export function showOutboxInLists(client: QueryClient): void {
  for (const query of client.getQueryCache().findAll({ queryKey: ['farm'] })) {
    const data = query.state.data;
    if (isListPage(data)) showQueued(client, query.queryKey, data, query.state.dataUpdatedAt);
  }
}

/**
 * Keeps queued new records in the farm lists across refetches: a list fetched while a creation still
 * waits, or after the server refused it, would otherwise drop its row, and a refused record would
 * show only in the outbox panel. Its row stays, marked, until the write is sent (the server's record
 * replaces it) or discarded. Returns the unsubscribe function.
 */
export function keepOutboxInLists(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const { queryKey, state } = event.query;
    if (queryKey[0] === 'farm' && isListPage(state.data)) showQueued(client, queryKey, state.data, state.dataUpdatedAt);
  });
}

/** Takes a discarded write's pending row out of the cached lists. */
export function dropPendingFromLists(client: QueryClient, item: Pick<OutboxItem, 'id'>): void {
  const id = pendingId(item);
  for (const query of client.getQueryCache().findAll({ queryKey: ['farm'] })) {
    const data = query.state.data;
    if (!isListPage(data) || !data.items.some((i) => i.id === id)) continue;
    const items = data.items.filter((i) => i.id !== id);
    client.setQueryData(query.queryKey, { ...data, items, total: Math.max(0, data.total - 1) }, { updatedAt: query.state.dataUpdatedAt });
  }
}

/** Applies a queued change to a record wherever a cached list of the resource shows it. */
export function patchInLists(client: QueryClient, resource: string, id: string, patch: Record<string, unknown>): void {
  for (const query of client.getQueryCache().findAll({ queryKey: ['farm', resource] })) {
    const data = query.state.data;
    if (!isListPage(data) || !data.items.some((i) => i.id === id)) continue;
    const items = data.items.map((i) => (i.id === id ? { ...i, ...patch } : i));
    client.setQueryData(query.queryKey, { ...data, items }, { updatedAt: query.state.dataUpdatedAt });
  }
}
