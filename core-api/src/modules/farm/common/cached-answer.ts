import { todayInNairobi } from '@shambasoko/contracts/time';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { farmStamp, userStamp } from '../../../db/data-versions';
import type { Database } from '../../../db/schema';
import { versionedAnswer } from '../../../http/answer-cache';

// Farm answers (lists, budget summary, dashboard) served from the versioned answer cache. The key
// holds the caller (answers depend on their roles: who sees money), the data version of what they
// may see (one farm's when the query names one, else their own, bumped by every farm they belong
// to), today in Nairobi (due and overdue), and the validated query with its defaults.

type Db = Kysely<Database>;

/** The validated query as a stable text: keys sorted, unset values left out. */
function queryText(query: object): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

export async function farmAnswer(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  what: string,
  userId: string,
  query: object,
  compute: () => Promise<unknown>,
): Promise<unknown> {
  const keyOf = async () => {
    const farmId = (query as { farmId?: unknown }).farmId;
    let stamp: string | undefined;
    if (typeof farmId === 'string') {
      const member = await farmStamp(db, userId, farmId);
      stamp = member === undefined ? undefined : `${member.role}|${member.stamp}`;
    } else {
      stamp = await userStamp(db, userId);
    }
    return stamp === undefined ? undefined : `${what}|${userId}|${stamp}|${todayInNairobi(new Date())}|${queryText(query)}`;
  };
  return versionedAnswer(request, reply, keyOf, compute);
}
