import { PRODUCT_KINDS, SEARCH_CONNECTORS, SEARCH_SYNONYMS } from '@shambasoko/contracts';

/** A name as the synonym list writes it: lowercase, single-spaced, a typographic apostrophe plain. */
const listed = (name: string): string => name.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();

/**
 * The synonym list with the product kinds' English and Kiswahili names (issue 43): a kind whose names
 * are all listed changes nothing; one with a listed name adds the others to that group ("cabbages"
 * beside kabichi); one with none is a group of its own ("maembe", "mangoes"). "Kale (sukuma wiki)"
 * counts as both names. A kind whose names sit in two different groups is left as listed.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = (() => {
  const groups = SEARCH_SYNONYMS.map((group) => [...group]);
  const groupOf = new Map<string, string[]>(groups.flatMap((group) => group.map((term) => [term, group] as const)));
  for (const kind of PRODUCT_KINDS) {
    const terms = [kind.sw, ...kind.en.split(/[()]/)].map(listed).filter((term) => term !== '');
    const found = new Set(terms.map((term) => groupOf.get(term)).filter((group) => group !== undefined));
    if (found.size > 1) continue;
    const group = found.values().next().value ?? [];
    if (group.length === 0) groups.push(group);
    for (const term of terms)
      if (!groupOf.has(term)) {
        group.push(term);
        groupOf.set(term, group);
      }
  }
  return groups.filter((group) => group.length >= 2);
})();

/**
 * A search text with its synonyms: every group must match (AND), by any of its texts (OR). Each text
 * goes to websearch_to_tsquery on its own, so nothing typed can make a syntax error.
 */
type ExpandedSearch = string[][];

/** Every word or phrase of the list → all the texts of its group. */
const GROUPS = new Map<string, readonly string[]>(SYNONYM_GROUPS.flatMap((group) => group.map((term) => [term, group] as const)));
const TERMS = [...GROUPS.keys()];
const LONGEST = Math.max(...TERMS.map((term) => term.split(' ').length));
/** Terms by word count and length: a typo is compared only with terms of as many words, about as long. */
const shape = (words: number, length: number) => `${words}:${length}`;
const BY_SHAPE = new Map<string, string[]>();
for (const term of TERMS) {
  const key = shape(term.split(' ').length, term.length);
  BY_SHAPE.set(key, [...(BY_SHAPE.get(key) ?? []), term]);
}
const CONNECTORS = new Set(SEARCH_CONNECTORS);

/** Optimal string alignment distance (a swap of two neighbours is one edit: "mbolae"), stopping past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows of the table, turned round as it fills: two rows back, the last one, this one.
  let before = new Int32Array(b.length + 1);
  let previous = new Int32Array(b.length + 1);
  let row = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [before, previous, row] = [previous, row, before];
  }
  return previous[b.length]!;
}

/** Edits a typo may hold: none under 5 letters ("kuku" is no typo of "kuka"), one, two from 9. */
const allowedEdits = (text: string): number => (text.length < 5 ? 0 : text.length < 9 ? 1 : 2);

/**
 * The listed term a phrase is a typo of, remembered per phrase: new texts mostly repeat words (a new
 * pair, a new word beside a known one), and each was compared with every term of its length.
 */
const closestTerm = (phrase: string, words: number): string | undefined =>
  remembered(CLOSEST, 10_000, phrase, () => findClosestTerm(phrase, words));

const CLOSEST = new Map<string, string | undefined>();

/** `compute()`'s value for `key`, remembered: at most `size` keys, every one forgotten when full. */
function remembered<T>(memo: Map<string, T>, size: number, key: string, compute: () => T): T {
  if (memo.has(key)) return memo.get(key) as T;
  if (memo.size >= size) memo.clear();
  const value = compute();
  memo.set(key, value);
  return value;
}

function findClosestTerm(phrase: string, words: number): string | undefined {
  const max = allowedEdits(phrase);
  if (max === 0) return undefined;
  let found: string | undefined;
  let distance = max + 1;
  for (let length = phrase.length - max; length <= phrase.length + max; length += 1)
    for (const term of BY_SHAPE.get(shape(words, length)) ?? []) {
      const d = editDistance(phrase, term, max);
      if (d < distance) [found, distance] = [term, d];
    }
  return found;
}

/**
 * Maps the phrases of a (normalised) search text to their synonyms, longest phrase first. With
 * `typos` (the words as typed found almost nothing), a phrase a letter or two off a listed one counts
 * as it ("mbolae" → mbolea). Undefined when no phrase is listed: the text is searched as typed. Texts
 * with quotes or "or" keep their search syntax and are not expanded.
 */
export function expandSearch(q: string, typos: boolean): ExpandedSearch | undefined {
  // One search builds its SQL from the expansion several times (match, count, rank).
  return remembered(MEMO, 1000, `${typos ? 't' : 'e'}${q}`, () => expand(q, typos));
}

const MEMO = new Map<string, ExpandedSearch | undefined>();

function expand(q: string, typos: boolean): ExpandedSearch | undefined {
  if (q.includes('"')) return undefined;
  const words = q.split(' ').filter((word) => word !== '');
  if (words.includes('or')) return undefined;
  return expandWords(words, typos, LONGEST);
}

/** Phrases of the hand-written list: read as a whole only, as they always were. */
const HAND_LISTED = new Set<string>(SEARCH_SYNONYMS.flat().map(listed));

/** How many texts a phrase's word-by-word reading may add to its group. */
const WORDWISE_MAX = 12;

/**
 * The phrases of `words` (at most `longest` words each) and their synonyms. A listed phrase of two or
 * more words named by a product kind (not by the hand-written list) also keeps its word-by-word reading: "dap fertiliser" (a product kind, with "mbolea ya
 * dap") still finds a listing titled "DAP mbolea", as the words' own synonyms did before kinds joined.
 */
function expandWords(words: readonly string[], typos: boolean, longest: number): ExpandedSearch | undefined {
  const groups: string[][] = [];
  const rest: string[] = [];
  for (let i = 0; i < words.length;) {
    let matched = 0;
    // "-word" excludes a word: it is never a synonym.
    for (let n = Math.min(longest, words.length - i); n >= 1 && matched === 0; n -= 1) {
      const slice = words.slice(i, i + n);
      if (slice.some((word) => word.startsWith('-'))) continue;
      const phrase = slice.join(' ');
      const term = GROUPS.has(phrase) ? phrase : typos ? closestTerm(phrase, n) : undefined;
      if (term === undefined) continue;
      const wordwise = n >= 2 && !HAND_LISTED.has(term) ? crossJoin(expandWords(slice, typos, n - 1)) : [];
      groups.push([...new Set([phrase, ...GROUPS.get(term)!, ...wordwise])]);
      matched = n;
    }
    if (matched === 0) rest.push(words[i]!);
    i += Math.max(matched, 1);
  }
  if (groups.length === 0) return undefined;
  const kept = rest.filter((word) => !CONNECTORS.has(word));
  return kept.length > 0 ? [...groups, [kept.join(' ')]] : groups;
}

/** Every way to pick one text from each group, joined ("dap" × "fertiliser | mbolea"), at most WORDWISE_MAX. */
function crossJoin(groups: ExpandedSearch | undefined): string[] {
  if (groups === undefined) return [];
  let texts = [''];
  for (const group of groups) {
    texts = texts.flatMap((text) => group.map((choice) => `${text} ${choice}`.trim()));
    if (texts.length > WORDWISE_MAX) return [];
  }
  return texts;
}
