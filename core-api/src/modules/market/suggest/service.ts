import type { Kysely } from 'kysely';
import type { SearchSuggestions } from '@shambasoko/contracts';
import { searchSuggestionsSchema } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { type CachedAnswer, type CatalogCache, catalogTags } from '../catalog/cache';
import { listCounties } from '../catalog/repository';
import { SYNONYM_GROUPS } from '../catalog/synonyms';
import { suggestProducts, suggestSellers } from './repository';

const KINDS = 4;
const PRODUCTS = 5;
const SELLERS = 3;
const COUNTIES = 3;

/** Letters and digits of the text, lowercased: what suggestions compare (and all that reaches a pattern). */
function suggestWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether a word of `phrase` starts with `text` ("mah" in "mbegu za mahindi"). */
const startsAWord = (phrase: string, text: string) => ` ${suggestWords(phrase).join(' ')}`.includes(` ${text}`);

/** Synonym groups (issue 42, with the product kinds' names) with a word starting with the text, in both languages; `search` is the word that matched. */
function suggestKinds(text: string): SearchSuggestions['kinds'] {
  const kinds: SearchSuggestions['kinds'] = [];
  for (const group of SYNONYM_GROUPS) {
    const matched = group.find((word) => startsAWord(word, text));
    if (matched !== undefined) kinds.push({ search: matched, words: [...group] });
    if (kinds.length === KINDS) break;
  }
  return kinds;
}

/**
 * Search as you type (issue 43): product kinds from the synonym list, active listings, sellers with an
 * active listing and counties of active listings. Cached like every public catalog answer, so the
 * rules that drop a search (a listing paused, deleted, taken down, a new listing) drop these too.
 */
export async function suggest(db: Kysely<Database>, cache: CatalogCache, q: string, url: string): Promise<CachedAnswer> {
  const words = suggestWords(q);
  const text = words.join(' ');
  return cache.answer(`suggest:${text}`, url, searchSuggestionsSchema, async () => {
    if (words.length === 0) return { value: { kinds: [], products: [], sellers: [], counties: [] }, tags: [] };
    const kinds = suggestKinds(text);
    const kindWords = kinds.flatMap((k) => k.words.map(suggestWords));
    const [products, sellers, counties] = await Promise.all([
      suggestProducts(db, text, words, kindWords, PRODUCTS),
      suggestSellers(db, text, SELLERS),
      // A new county comes with a new listing; one losing its last listing drops every catalog answer.
      cache.countyNames.getOrLoad('counties', async () => ({ value: await listCounties(db), tags: [catalogTags.anyNew] })),
    ]);
    const value: SearchSuggestions = {
      kinds,
      products: products.map((p) => ({ id: p.id, name: p.name, titleSw: p.title_sw })),
      sellers,
      counties: counties.filter((county) => startsAWord(county, text)).slice(0, COUNTIES),
    };
    return { value, tags: [catalogTags.anyNew, ...products.map((p) => catalogTags.product(p.id))] };
  });
}
