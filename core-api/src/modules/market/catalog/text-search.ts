import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { TaggedCache } from '../../../cache/tagged-cache';
import { catalogTags } from './cache';
import { findTextMatches } from './repository';
import type { TextIndex } from './text-index';
import { TextMatches } from './text-ranking';

/**
 * Matches kept per text for ranking in memory (~250 bytes each). A broader text ranks in SQL as
 * before: at 100k products "organic" matches 10,000 and the broadest bench words 20,000.
 */
const MAX_KEPT_MATCHES = 25_000;

/**
 * Every match of a text, read once for all its filters, tabs, sorts and pages. Stock flags order
 * every sort (in stock first), so a product running out or coming back reads them again; a new
 * listing may match any words. Null: more than MAX_KEPT_MATCHES (SQL ranks them).
 */
export async function textMatches(
  db: Kysely<Database>,
  kept: TaggedCache<TextMatches | null>,
  index: TextIndex,
  q: string,
  typos: boolean,
): Promise<TextMatches | null> {
  return kept.getOrLoad(JSON.stringify([q, typos]), async () => {
    const matches = (await indexMatches(db, index, q, typos)) ?? TextMatches.of(await findTextMatches(db, q, typos, MAX_KEPT_MATCHES + 1));
    return { value: matches.rows.length > MAX_KEPT_MATCHES ? null : matches, tags: [catalogTags.inStock, catalogTags.anyNew] };
  });
}

/** The text's matches from the in-memory index (text-index.ts), or undefined when the SQL path answers. */
async function indexMatches(db: Kysely<Database>, index: TextIndex, q: string, typos: boolean): Promise<TextMatches | undefined> {
  if (!(await index.ready(db))) return undefined;
  const queries = await index.queries(db, q);
  // The query statement awaited: a change may have arrived meanwhile.
  if (queries === null || !(await index.ready(db))) return undefined;
  return index.matches(q, typos, queries, MAX_KEPT_MATCHES + 1);
}
