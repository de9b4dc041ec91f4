import type pg from 'pg';
import { processLogger } from '../logger';

/** The channel migration 062's triggers notify. */
export const ANSWERS_CHANNEL = 'shambasoko_answers';

/** What a trigger said changed: these users' member answers (their farm lists), or everyone's. */
export type AnswersChange = { users: readonly string[] } | { all: true };

/**
 * What the database says changed, as it commits. Each connection of the API's pools LISTENs, so:
 * - a write made through this process is heard on its own connection before its commit returns
 *   (PostgreSQL sends a session its own notifications ahead of the commit's answer; the embedded
 *   engine is one session): the request that wrote, and every later one, reads its change;
 * - a write made by another process is heard within milliseconds, on whichever connection reads it first.
 * The same message arrives on every listening connection; each is handled once.
 */
export interface ChangeFeed {
  on(handler: (change: AnswersChange) => void): () => void;
  /** `handler` runs when messages may have been missed (no connection was listening): drop everything. */
  onReset(handler: () => void): () => void;
}

/** How many recent payloads are remembered to skip the copies other connections hear. */
const SEEN = 1_024;

export class PoolChangeFeed implements ChangeFeed {
  private readonly handlers = new Set<(change: AnswersChange) => void>();
  private readonly resets = new Set<() => void>();
  private readonly seen = new Set<string>();
  private readonly order: string[] = [];
  private listening = 0;

  /**
   * `missesWhenIdle`: another process may write while none of ours is connected (a server); the
   * embedded engine has no other writer.
   */
  constructor(private readonly missesWhenIdle: boolean) {}

  /** Every client `pool` opens listens before its first query (a pool runs a client's queries in order). */
  watch(pool: pg.Pool): void {
    pool.on('connect', (client) => {
      this.listening += 1;
      client.on('notification', (message) => {
        if (message.channel === ANSWERS_CHANNEL && message.payload !== undefined) this.receive(message.payload);
      });
      client.query(`listen ${ANSWERS_CHANNEL}`).catch(() => undefined);
    });
    pool.on('remove', () => {
      this.listening -= 1;
      // Nobody listens now: whatever commits before the next connection is never heard.
      if (this.listening === 0 && this.missesWhenIdle) this.reset();
    });
  }

  on(handler: (change: AnswersChange) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  onReset(handler: () => void): () => void {
    this.resets.add(handler);
    return () => this.resets.delete(handler);
  }

  /** One notification's payload, as the triggers write it: `{"t": txid, "u": [ids]}` or `{"t": txid, "all": true}`. */
  receive(payload: string): void {
    if (this.seen.has(payload)) return;
    this.seen.add(payload);
    this.order.push(payload);
    if (this.order.length > SEEN) this.seen.delete(this.order.shift()!);
    const change = parse(payload);
    for (const handler of this.handlers) guarded(() => handler(change));
  }

  reset(): void {
    for (const handler of this.resets) guarded(handler);
  }
}

/** A payload this code cannot read means "everything may have changed", never "nothing". */
function parse(payload: string): AnswersChange {
  try {
    const message = JSON.parse(payload) as { u?: unknown; all?: unknown };
    if (Array.isArray(message.u) && message.u.every((id) => typeof id === 'string')) return { users: message.u as string[] };
  } catch {
    // fall through
  }
  return { all: true };
}

function guarded(action: () => void): void {
  try {
    action();
  } catch (error) {
    processLogger.error({ err: error }, 'change feed: a subscriber failed');
  }
}

const feeds = new WeakMap<object, ChangeFeed>();

/** The feed of a database opened by openDatabase (keyed by its Kysely instance), or undefined. */
export function changeFeedOf(db: object): ChangeFeed | undefined {
  return feeds.get(db);
}

export function registerChangeFeed(db: object, feed: ChangeFeed): void {
  feeds.set(db, feed);
}
