import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ClusterMessage, ProcessBroadcast } from './broadcast';

const CHANNEL = 'shambasoko_cluster';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; keep a margin for the envelope. */
const MAX_PAYLOAD_BYTES = 7_800;
/** Past this many tags, dropping every catalog answer is cheaper than sending them all. */
const MAX_CATALOG_TAGS = 2_000;
/** A `select 1` this often, failing after `timeoutMs`, finds a connection that died silently. */
const HEARTBEAT = { everyMs: 10_000, timeoutMs: 5_000 };
const MAX_BACKOFF_MS = 5_000;

/** On the wire: the sender's id, so a process skips its own echo, and the message. */
interface Wire {
  o: string;
  m: ClusterMessage;
}

/**
 * Splits a message into NOTIFY payloads under the size limit: lists are cut into chunks that each
 * fit; a catalog change with very many tags becomes "every catalog answer".
 */
export function encode(origin: string, message: ClusterMessage, maxBytes = MAX_PAYLOAD_BYTES): string[] {
  if (message.kind === 'catalog' && message.tags.length > MAX_CATALOG_TAGS) return encode(origin, { kind: 'catalog-all' }, maxBytes);
  const whole = JSON.stringify({ o: origin, m: message } satisfies Wire);
  if (Buffer.byteLength(whole) <= maxBytes) return [whole];
  const list =
    message.kind === 'sessions'
      ? message.ids
      : message.kind === 'catalog'
        ? message.tags
        : message.kind === 'message'
          ? message.userIds
          : message.kind === 'answers'
            ? message.users
            : [];
  if (list.length <= 1) {
    // One id or tag that does not fit cannot be sent; the safe meaning of a catalog change is "all".
    if (message.kind === 'catalog') return encode(origin, { kind: 'catalog-all' }, maxBytes);
    throw new Error(`cluster broadcast: a ${message.kind} message does not fit in a notification`);
  }
  const half = Math.ceil(list.length / 2);
  const part = (items: readonly string[]): ClusterMessage =>
    message.kind === 'sessions'
      ? { kind: 'sessions', ids: items }
      : message.kind === 'message'
        ? { ...message, userIds: items }
        : message.kind === 'answers'
          ? { kind: 'answers', users: items }
          : { kind: 'catalog', tags: items };
  return [...encode(origin, part(list.slice(0, half)), maxBytes), ...encode(origin, part(list.slice(half)), maxBytes)];
}

/**
 * The messages to send for these, in order, with every catalog change joined into the first one's place:
 * dropping answers by tag is the same done once or several times, in any order.
 */
export function coalesce(messages: readonly ClusterMessage[]): ClusterMessage[] {
  const out: ClusterMessage[] = [];
  let catalog: { index: number; tags: Set<string> | 'all' } | undefined;
  let answers: { index: number; users: Set<string> } | undefined;
  for (const message of messages) {
    if (message.kind === 'answers') {
      if (answers === undefined) {
        answers = { index: out.length, users: new Set() };
        out.push(message);
      }
      for (const user of message.users) answers.users.add(user);
      continue;
    }
    if (message.kind !== 'catalog' && message.kind !== 'catalog-all') {
      out.push(message);
      continue;
    }
    if (catalog === undefined) {
      catalog = { index: out.length, tags: new Set() };
      out.push(message);
    }
    if (message.kind === 'catalog-all') catalog.tags = 'all';
    else if (catalog.tags !== 'all') for (const tag of message.tags) catalog.tags.add(tag);
  }
  if (catalog !== undefined)
    out[catalog.index] = catalog.tags === 'all' ? { kind: 'catalog-all' } : { kind: 'catalog', tags: [...catalog.tags] };
  if (answers !== undefined) out[answers.index] = { kind: 'answers', users: [...answers.users] };
  return out;
}

function decode(payload: string): Wire | undefined {
  try {
    const wire = JSON.parse(payload) as Partial<Wire>;
    return typeof wire.o === 'string' && typeof wire.m === 'object' && wire.m !== null ? (wire as Wire) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How long catalog and kept-answer changes wait to go out together (other processes drop those
 * answers this much later; this process at once). Each NOTIFY wakes every listening connection of
 * the database, whatever its channel (PostgreSQL 15 signals them all), and the API's pool listens for
 * the change feed: one message per checkout woke a dozen backends 200 times a second in bench:load.
 * Session revocations and chat messages never wait.
 */
const HOLD_MS = 20;
const HELD: ReadonlySet<ClusterMessage['kind']> = new Set(['catalog', 'catalog-all', 'answers']);

interface PgLinkOptions {
  /** HOLD_MS unless set (tests). */
  holdMs?: number;
  /** Sends a payload when the link's own connection is down (the API's pool). */
  fallbackNotify?: (channel: string, payload: string) => Promise<void>;
  log?: Pick<Console, 'error' | 'warn'>;
}

export interface PgLink {
  /** Whether the link listens right now. */
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * Joins `broadcast` to the other API processes on the same database: one dedicated connection
 * LISTENs on one channel and carries this process's NOTIFYs. If the connection drops it reconnects
 * (backing off up to 5 s) and then resets the broadcast, since notifications sent meanwhile are
 * lost: every cache starts again from the database. A heartbeat finds a connection that died silently.
 */
export async function connectPgLink(broadcast: ProcessBroadcast, connectionString: string, options: PgLinkOptions = {}): Promise<PgLink> {
  const log = options.log ?? console;
  const origin = randomUUID();
  let client: pg.Client | undefined;
  let ready = false;
  let closed = false;
  let backoffMs = 100;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const onNotification = (notification: pg.Notification) => {
    if (notification.channel !== CHANNEL || notification.payload === undefined) return;
    const wire = decode(notification.payload);
    if (wire === undefined || wire.o === origin) return;
    broadcast.deliver(wire.m);
  };

  const dropped = (which: pg.Client, error?: Error) => {
    // Failures while connecting are open()'s to handle.
    if (which !== client || !ready) return;
    ready = false;
    client = undefined;
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    if (closed) return;
    log.warn(`cluster broadcast: connection lost${error ? ` (${error.message})` : ''}; reconnecting`);
    scheduleReconnect();
  };

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, keepAlive: true, application_name: 'shambasoko-broadcast' });
    next.on('error', (error) => dropped(next, error));
    next.on('end', () => dropped(next));
    client = next;
    try {
      await next.connect();
      next.on('notification', onNotification);
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      if (client === next) client = undefined;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      throw error;
    }
    ready = true;
    backoffMs = 100;
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer !== undefined) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      open().then(
        // Anything published while we were away never reached us.
        () => broadcast.reset(),
        () => {
          backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
          scheduleReconnect();
        },
      );
    }, backoffMs);
    reconnectTimer.unref();
  };

  const heartbeat = setInterval(() => {
    const current = client;
    if (!ready || current === undefined) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('heartbeat timed out')), HEARTBEAT.timeoutMs);
    });
    Promise.race([current.query('select 1'), timeout])
      .catch((error: Error) => dropped(current, error))
      .finally(() => clearTimeout(timer));
  }, HEARTBEAT.everyMs);
  heartbeat.unref();

  const send = async (payload: string) => {
    if (ready && client !== undefined) {
      try {
        await client.query('select pg_notify($1, $2)', [CHANNEL, payload]);
        return;
      } catch {
        // fall through to the pool
      }
    }
    if (options.fallbackNotify === undefined) throw new Error('not connected');
    await options.fallbackNotify(CHANNEL, payload);
  };

  // One send at a time; what is published meanwhile waits in `queued`. Catalog changes waiting together
  // go as one message (their tags joined, or "every answer" if one of them said so): a burst of new
  // listings was one NOTIFY each, queued behind one another on this connection and woken in every process.
  // Changes that may wait (HELD) wait up to holdMs for company, after a send too; any other message
  // goes at once and takes them along.
  const holdMs = options.holdMs ?? HOLD_MS;
  const queued: ClusterMessage[] = [];
  let draining = false;
  let drained: Promise<void> = Promise.resolve();
  let waiting: { timer: NodeJS.Timeout; end: () => void } | undefined;
  const stopWaiting = () => {
    if (waiting === undefined) return;
    clearTimeout(waiting.timer);
    const { end } = waiting;
    waiting = undefined;
    end();
  };
  const wait = () =>
    new Promise<void>((resolve) => {
      waiting = { timer: setTimeout(stopWaiting, holdMs).unref(), end: resolve };
    });
  const mayWait = () => !closed && queued.every((message) => HELD.has(message.kind));
  // The flag drops in the same step as the loop's last look at the queue: a message published after
  // that starts a drain of its own.
  const drain = async () => {
    draining = true;
    try {
      while (queued.length > 0) {
        if (mayWait()) await wait();
        for (const message of coalesce(queued.splice(0))) {
          let payloads: string[];
          try {
            payloads = encode(origin, message);
          } catch (error) {
            log.error((error as Error).message);
            continue;
          }
          for (const payload of payloads) {
            await send(payload).catch((error: Error) =>
              log.error(`cluster broadcast: a ${message.kind} change could not be sent to the other processes: ${error.message}`),
            );
          }
        }
      }
    } finally {
      draining = false;
    }
  };

  await open();
  broadcast.attach((message) => {
    queued.push(message);
    if (!HELD.has(message.kind)) stopWaiting();
    if (!draining) drained = drain();
  });

  return {
    connected: () => ready,
    close: async () => {
      closed = true;
      broadcast.attach(undefined);
      // What waits goes out first: the other processes would keep those answers until they expire.
      stopWaiting();
      await drained;
      clearInterval(heartbeat);
      clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      ready = false;
      await current?.end().catch(() => undefined);
    },
  };
}
