import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/require-user';
import { clusterBroadcast } from '../cluster/broadcast';
import { type AnswersChange, changeFeedOf } from '../db/change-feed';
import { ok } from '../http/envelope';
import { languageOf, translateFor } from '../http/language';
import { TaggedCache } from './tagged-cache';

/**
 * One person's answers (a farm member's lists, a seller's sales), serialised, per person, language and
 * URL: a repeated read costs neither a statement nor a JSON.stringify.
 *
 * Freshness comes from the database: triggers (migrations 062 and 063) name, at each commit, the people
 * whose answers the changed rows show, and the change feed (db/change-feed.ts) drops their answers in
 * every API process. A write made through this process is heard before its commit returns, so the
 * writer's next read is fresh; another process hears it within milliseconds. A load that was running
 * when its person's change arrived is not kept (TaggedCache's epochs). An answer also expires after
 * FRESH_MS, a bound on anything the triggers cannot see.
 */
const FRESH_MS = 30_000;
/** About 2-10 kB each (a page of 20 rows): tens of MB at most. */
const MAX_ENTRIES = 5_000;

/** A cache of values per person, emptied of a person's values whenever the database or the bus names them. */
export interface KeptPerPerson<T> {
  cache: TaggedCache<T>;
  /** The tag to store a person's values under. */
  tag(userId: string): string;
  close(): void;
}

/**
 * Keeps values per person until the change feed (triggers, db/change-feed.ts) or the cluster bus
 * (`answersChangedEverywhere`) names that person, or everyone; at most `freshMs`. Without a feed (a
 * database not opened by openDatabase, or wrapped by a plugin) nothing is kept.
 */
export function keptPerPerson<T>(db: object, { freshMs, maxEntries }: { freshMs: number; maxEntries: number }): KeptPerPerson<T> {
  const feed = changeFeedOf(db);
  const cache = new TaggedCache<T>({ freshMs: feed === undefined ? 0 : freshMs, staleMs: 0, maxEntries });
  const tag = (userId: string) => `u:${userId.toLowerCase()}`;
  const changed = (change: AnswersChange) => ('all' in change ? cache.clear() : cache.invalidate(change.users.map(tag)));
  const stops =
    feed === undefined
      ? []
      : [
          feed.on(changed),
          feed.onReset(() => cache.clear()),
          clusterBroadcast.on('answers', changed),
          // The bus may have missed messages (its link dropped).
          clusterBroadcast.onReset(() => cache.clear()),
        ];
  return {
    cache,
    tag,
    close: () => {
      for (const stop of stops) stop();
      cache.clear();
    },
  };
}

export interface PersonAnswersOptions {
  /** Part of every key: something besides person, language and URL that changes an answer (a test's switch). */
  variant?: () => string;
}

export class PersonAnswers {
  private readonly kept: KeptPerPerson<string>;
  private readonly variant: () => string;

  constructor(db: object, { variant = () => '' }: PersonAnswersOptions = {}) {
    this.variant = variant;
    this.kept = keptPerPerson<string>(db, { freshMs: FRESH_MS, maxEntries: MAX_ENTRIES });
  }

  /**
   * Sends the signed-in caller's answer for this URL: kept, or loaded for them (and kept unless a change
   * came meanwhile). `day`: for an answer that depends on the date too (what is due today), the date it
   * was read for.
   */
  async send(request: FastifyRequest, reply: FastifyReply, load: (userId: string) => Promise<unknown>, day = ''): Promise<FastifyReply> {
    const userId = requireUser(request).id;
    const language = languageOf(request.headers['accept-language']);
    const key = `${userId}\n${language}\n${this.variant()}\n${day}\n${request.url}`;
    const payload = await this.kept.cache.getOrLoad(key, async () => {
      const envelope = ok(await load(userId));
      // A string skips the preSerialization hooks: the envelope's message is told in the caller's language here.
      envelope.header.customerMessage = translateFor(envelope.header.customerMessage, language);
      return { value: JSON.stringify(envelope), tags: [this.kept.tag(userId)] };
    });
    return reply.header('vary', 'accept-language').header('content-type', 'application/json; charset=utf-8').send(payload);
  }

  close(): void {
    this.kept.close();
  }
}

/**
 * A change no trigger tells of (a checkout, which keeps NOTIFY out of its transaction) made these
 * people's kept answers wrong: every API process drops them. Call it after the commit.
 */
export function answersChangedEverywhere(users: readonly string[]): void {
  if (users.length > 0) clusterBroadcast.publish({ kind: 'answers', users });
}
