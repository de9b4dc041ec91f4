import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';

export interface ProductSuggestionRow {
  id: string;
  name: string;
  title_sw: string | null;
}

export interface SellerSuggestionRow {
  id: string;
  name: string;
}

/** Matches read before ordering: a two-letter prefix matches tens of thousands of listings at 100k. */
const CANDIDATES = 400;

/**
 * The words typed as prefixes, or any kind's words whole, in the name or Kiswahili title only (weight
 * A): a description that mentions maize is no maize suggestion. Words are lowercase letters and digits
 * only, so the tsquery can never be a syntax error.
 */
const nameQuery = (words: readonly string[], kinds: readonly (readonly string[])[]) =>
  [`(${words.map((w) => `${w}:*A`).join(' & ')})`, ...kinds.map((k) => `(${k.map((w) => `${w}:A`).join(' & ')})`)].join(' | ');

/** Like patterns for "a word of the name starts with the text"; the text is letters, digits and spaces. */
const startsWord = (text: string) => [`${text}%`, `% ${text}%`];

/**
 * Active listings whose words start with the words typed (stemmed as search stems them) or that
 * match a synonym kind's words; names starting with the text first, then the best rated.
 */
export async function suggestProducts(
  db: Kysely<Database>,
  text: string,
  words: readonly string[],
  kinds: readonly (readonly string[])[],
  limit: number,
): Promise<ProductSuggestionRow[]> {
  const [start, inside] = startsWord(text);
  const { rows } = await sql<ProductSuggestionRow>`
    with c as (
      select p.id, p.name, p.title_sw, p.rating, p.review_count
      from products p
      where p.status = 'active' and p.search_vector @@ to_tsquery('english', ${nameQuery(words, kinds)})
      limit ${CANDIDATES}
    )
    select id, name, title_sw from c
    order by (lower(name) like ${start} or lower(name) like ${inside} or lower(coalesce(title_sw, '')) like ${start}) desc,
      rating desc, review_count desc, id
    limit ${limit}
  `.execute(db);
  return rows;
}

/** Sellers with at least one active listing, a word of whose name starts with the text. */
export async function suggestSellers(db: Kysely<Database>, text: string, limit: number): Promise<SellerSuggestionRow[]> {
  const [start, inside] = startsWord(text);
  const { rows } = await sql<SellerSuggestionRow>`
    select s.id, s.name from sellers s
    where (lower(s.name) like ${start} or lower(s.name) like ${inside})
      and exists (select 1 from products p where p.seller_id = s.id and p.status = 'active')
    order by s.name, s.id
    limit ${limit}
  `.execute(db);
  return rows;
}
