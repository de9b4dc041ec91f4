import { ApiError, isUnreachable, request, retryAfterOf } from '@shambasoko/shared';
import { markQueuedWrites } from '../page/saved-mark';
import { accountKey, readValue, writeValue } from './storage';

/** The writes that work offline (issue 18): what the outbox shows for each. */
export type OfflineWriteKind = 'activity.create' | 'activity.status' | 'cost.create' | 'field.create' | 'crop.create' | 'harvest.create';

/** A write waiting for the network, or refused by the server and waiting for the user. */
export interface OutboxItem {
  /** Also its Idempotency-Key: a write sent twice is applied once. */
  id: string;
  kind: OfflineWriteKind;
  method: 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
  /** A few words naming it in the list ("Weeding", "Fertiliser for maize"). */
  label: string;
  createdAt: number;
  state: 'waiting' | 'refused';
  /** The server's message when it refused the write. */
  message?: string;
  /** A new record's row in the farm lists of `resource` while the write waits or needs attention. */
  shown?: { resource: string; record: Record<string, unknown> };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let account: string | null = null;
let items: readonly OutboxItem[] = [];
// Reads and writes of the stored list run one after another, so two writes never overwrite each other.
let chain: Promise<unknown> = Promise.resolve();

function serial<T>(task: () => Promise<T>): Promise<T> {
  const next = chain.then(task, task);
  chain = next.catch(() => undefined);
  return next;
}

function publish(next: readonly OutboxItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

async function update(change: (list: OutboxItem[]) => OutboxItem[]): Promise<void> {
  const uid = account;
  if (uid === null) throw new Error('No account is signed in to keep offline changes for.');
  await serial(async () => {
    const next = change([...((await readValue<OutboxItem[]>(accountKey('outbox', uid))) ?? [])]);
    await writeValue(accountKey('outbox', uid), next);
    // A page that works online only starts the offline support (which sends these) when this says so.
    markQueuedWrites(uid, next.length > 0);
    if (account === uid) publish(next);
  });
}

/** Loads the signed-in account's outbox (null: nobody, an empty list shown). */
export async function loadOutbox(uid: string | null): Promise<void> {
  if (account === uid) return;
  account = uid;
  stopRetrying();
  if (uid === null) return publish([]);
  const stored = await serial(() => readValue<OutboxItem[]>(accountKey('outbox', uid)));
  const list = Array.isArray(stored) ? stored : [];
  markQueuedWrites(uid, list.length > 0);
  if (account === uid) publish(list);
}

export const outboxItems = (): readonly OutboxItem[] => items;
export const outboxAccount = (): string | null => account;

export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Appends a write at the end of the queue (the order the user made them in is the order they are sent). */
export async function queueWrite(item: Omit<OutboxItem, 'state' | 'createdAt'>): Promise<OutboxItem> {
  const queued: OutboxItem = { ...item, state: 'waiting', createdAt: Date.now() };
  await update((list) => [...list.filter((i) => i.id !== item.id), queued]);
  return queued;
}

export const discardWrite = (id: string): Promise<void> => update((list) => list.filter((i) => i.id !== id));

/** Puts a refused write back in the queue, with the user's corrections, at the end. */
export async function retryWrite(id: string, body?: Record<string, unknown>): Promise<void> {
  await update((list) => {
    const item = list.find((i) => i.id === id);
    if (!item) return list;
    const { message: _message, ...rest } = item;
    return [...list.filter((i) => i.id !== id), { ...rest, body: body ?? item.body, state: 'waiting' }];
  });
}

export type SendWrite = (item: OutboxItem) => Promise<unknown>;

/** Sends a write with its Idempotency-Key, through the API client (tokens, refresh). */
const sendWrite: SendWrite = (item) => request(item.method, item.path, { body: item.body, headers: { 'Idempotency-Key': item.id } });

export interface ReplayResult {
  sent: number;
  refused: number;
  /** Still waiting: the network went away again. */
  waiting: number;
}

// 429 says "not now", not "not this": the write waits for the time the server named.
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 407 && status !== 429;

/** After a failure that named no wait: the first try again by itself, doubling up to the cap. */
export const RETRY_START_MS = 15_000;
const RETRY_CAP_MS = 5 * 60_000;

let replaying: Promise<ReplayResult> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let backoffMs: number | null = null;
const replayListeners = new Set<(result: ReplayResult) => void>();

function stopRetrying(): void {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  backoffMs = null;
}

/** Hears every replay's result, the ones the outbox starts by itself included. */
export function onReplayed(listener: (result: ReplayResult) => void): () => void {
  replayListeners.add(listener);
  return () => replayListeners.delete(listener);
}

/**
 * Sends the waiting writes in order. A write the server refuses (4xx) stays, marked refused with the
 * server's message, for the user to correct or discard; when the server cannot be reached, fails
 * (5xx), is busy (429) or the session is being renewed, replay stops there and the rest keep their
 * place. It then tries again by itself: after the server's Retry-After when it gave one, else after a
 * growing wait; so a queued change never waits for someone to press "Send now". One replay at a time.
 */
export function replayOutbox(send: SendWrite = sendWrite): Promise<ReplayResult> {
  replaying ??= replayAll(send)
    .then(({ result, stoppedBy }) => {
      scheduleRetry(send, result, stoppedBy);
      for (const listener of replayListeners) listener(result);
      return result;
    })
    .finally(() => (replaying = null));
  return replaying;
}

function scheduleRetry(send: SendWrite, result: ReplayResult, stoppedBy: unknown): void {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  if (stoppedBy === undefined || result.waiting === 0) {
    backoffMs = null;
    return;
  }
  const told = retryAfterOf(stoppedBy);
  let wait: number;
  if (told !== null) wait = told;
  else {
    backoffMs = backoffMs === null ? RETRY_START_MS : Math.min(backoffMs * 2, RETRY_CAP_MS);
    wait = backoffMs;
  }
  const uid = account;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (account === uid) void replayOutbox(send);
  }, wait);
}

async function replayAll(send: SendWrite): Promise<{ result: ReplayResult; stoppedBy?: unknown }> {
  const result: ReplayResult = { sent: 0, refused: 0, waiting: 0 };
  const uid = account;
  let stoppedBy: unknown;
  for (const item of items.filter((i) => i.state === 'waiting')) {
    if (account !== uid) break;
    try {
      await send(item);
      await update((list) => list.filter((i) => i.id !== item.id));
      result.sent += 1;
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      // Unreachable, failing (5xx), busy (429) or signed out (401, 407): not the write's fault; try again later.
      if (isUnreachable(error) || !(error instanceof ApiError) || typeof status !== 'number' || !isRefusal(status)) {
        stoppedBy = error;
        break;
      }
      await update((list) => list.map((i) => (i.id === item.id ? { ...i, state: 'refused', message: error.message } : i)));
      result.refused += 1;
    }
  }
  result.waiting = items.filter((i) => i.state === 'waiting').length;
  return account === uid ? { result, stoppedBy } : { result };
}
