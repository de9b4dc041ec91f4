import type { FastifyReply, FastifyRequest } from 'fastify';
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

const personTag = (userId: string) => `u:${userId.toLowerCase()}`;

export interface PersonAnswersOptions {
  /** Part of every key: something besides person, language and URL that changes an answer (a test's switch). */
  variant?: () => string;
}

export class PersonAnswers {
  private readonly cache: TaggedCache<string>;
  private readonly stop: (() => void)[] = [];
  private readonly variant: () => string;

  /** `db` without a change feed (a database not opened by openDatabase, or wrapped by a plugin): no answer is kept. */
  constructor(db: object, { variant = () => '' }: PersonAnswersOptions = {}) {
    this.variant = variant;
    const feed = changeFeedOf(db);
    this.cache = new TaggedCache<string>({ freshMs: feed === undefined ? 0 : FRESH_MS, staleMs: 0, maxEntries: MAX_ENTRIES });
    if (feed !== undefined) {
      this.stop.push(
        feed.on((change) => this.changed(change)),
        feed.onReset(() => this.cache.clear()),
        clusterBroadcast.on('answers', (message) => this.changed(message)),
        // The bus may have missed messages (its link dropped).
        clusterBroadcast.onReset(() => this.cache.clear()),
      );
    }
  }

  /**
   * Sends the caller's answer for this URL: kept, or loaded (and kept unless a change came meanwhile).
   * `day`: for an answer that depends on the date too (what is due today), the date it was read for.
   */
  async send(request: FastifyRequest, reply: FastifyReply, userId: string, load: () => Promise<unknown>, day = ''): Promise<FastifyReply> {
    const language = languageOf(request.headers['accept-language']);
    const key = `${userId}\n${language}\n${this.variant()}\n${day}\n${request.url}`;
    const payload = await this.cache.getOrLoad(key, async () => {
      const envelope = ok(await load());
      // A string skips the preSerialization hooks: the envelope's message is told in the caller's language here.
      envelope.header.customerMessage = translateFor(envelope.header.customerMessage, language);
      return { value: JSON.stringify(envelope), tags: [personTag(userId)] };
    });
    return reply.header('vary', 'accept-language').header('content-type', 'application/json; charset=utf-8').send(payload);
  }

  close(): void {
    for (const stop of this.stop) stop();
    this.cache.clear();
  }

  private changed(change: AnswersChange): void {
    if ('all' in change) this.cache.clear();
    else this.cache.invalidate(change.users.map(personTag));
  }
}

/**
 * A change no trigger tells of (a checkout, which keeps NOTIFY out of its transaction) made these
 * people's kept answers wrong: every API process drops them. Call it after the commit.
 */
export function answersChangedEverywhere(users: readonly string[]): void {
  if (users.length > 0) clusterBroadcast.publish({ kind: 'answers', users });
}
