import { processLogger } from '../logger';

/**
 * What one API process tells the others when it changes something they may hold in memory. Each
 * process keeps small caches (session facts, catalog answers, the remotes manifest); a change made
 * through one process must reach the caches of all of them.
 */
export type ClusterMessage =
  /** Sessions revoked: their access tokens must stop at once everywhere. */
  | { kind: 'sessions'; ids: readonly string[] }
  /** Catalog answers carrying one of these tags are wrong now. */
  | { kind: 'catalog'; tags: readonly string[] }
  /** Every catalog answer may be wrong (a listing, a review, a seller profile changed). */
  | { kind: 'catalog-all' }
  /** These people's kept answers (cache/person-answers.ts) are wrong: a change no trigger told of. */
  | { kind: 'answers'; users: readonly string[] }
  /** The remote registry changed: rebuild the manifest. */
  | { kind: 'registry' }
  /** A message was sent: the open message streams of these users are told (modules/messages/stream.ts). */
  | { kind: 'message'; conversationId: string; userIds: readonly string[]; messageId: string };

type Kind = ClusterMessage['kind'];
type Of<K extends Kind> = Extract<ClusterMessage, { kind: K }>;

export interface Broadcast {
  /** Delivers to this process's subscribers at once (before it returns), then to the other processes. */
  publish(message: ClusterMessage): void;
  on<K extends Kind>(kind: K, handler: (message: Of<K>) => void): () => void;
  /** `handler` runs when messages may have been missed (a dropped link): drop everything cached. */
  onReset(handler: () => void): () => void;
}

/** Where published messages go beyond this process (the PostgreSQL link, cluster/pg-link.ts). */
type Transport = (message: ClusterMessage) => void;

/**
 * The bus of one process. Alone (the embedded database, tests) it only delivers locally; server.ts
 * attaches the PostgreSQL link, which sends to the other processes and delivers what they send.
 */
export class ProcessBroadcast implements Broadcast {
  private readonly handlers = new Map<Kind, Set<(message: ClusterMessage) => void>>();
  private readonly resets = new Set<() => void>();
  private transport: Transport | undefined;

  publish(message: ClusterMessage): void {
    this.deliver(message);
    this.transport?.(message);
  }

  on<K extends Kind>(kind: K, handler: (message: Of<K>) => void): () => void {
    let set = this.handlers.get(kind);
    if (set === undefined) this.handlers.set(kind, (set = new Set()));
    const entry = handler as (message: ClusterMessage) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  onReset(handler: () => void): () => void {
    this.resets.add(handler);
    return () => this.resets.delete(handler);
  }

  /** A message from another process (or this one): runs the subscribers; one failing stops none. */
  deliver(message: ClusterMessage): void {
    for (const handler of this.handlers.get(message.kind) ?? []) guarded(() => handler(message));
  }

  reset(): void {
    for (const handler of this.resets) guarded(handler);
  }

  /** Sets (or with undefined, removes) where messages go beyond this process. */
  attach(transport: Transport | undefined): void {
    this.transport = transport;
  }
}

function guarded(action: () => void): void {
  try {
    action();
  } catch (error) {
    processLogger.error({ err: error }, 'cluster broadcast: a subscriber failed');
  }
}

/** The one bus of this process: every per-process cache subscribes to it. */
export const clusterBroadcast = new ProcessBroadcast();
