import { SEARCH_CONNECTORS, SEARCH_SYNONYMS } from '@shambasoko/contracts';

/**
 * A search text with its synonyms: every group must match (AND), by any of its texts (OR). Each text
 * goes to websearch_to_tsquery on its own, so nothing typed can make a syntax error.
 */
type ExpandedSearch = string[][];

/** Every word or phrase of the list → all the texts of its group. */
const GROUPS = new Map<string, readonly string[]>(SEARCH_SYNONYMS.flatMap((group) => group.map((term) => [term, group] as const)));
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
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/** Edits a typo may hold: none under 5 letters ("kuku" is no typo of "kuka"), one, two from 9. */
const allowedEdits = (text: string): number => (text.length < 5 ? 0 : text.length < 9 ? 1 : 2);

function closestTerm(phrase: string, words: number): string | undefined {
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
  const key = `${typos ? 't' : 'e'}${q}`;
  if (MEMO.has(key)) return MEMO.get(key);
  if (MEMO.size >= MEMO_SIZE) MEMO.clear();
  const expanded = expand(q, typos);
  MEMO.set(key, expanded);
  return expanded;
}

const MEMO = new Map<string, ExpandedSearch | undefined>();
const MEMO_SIZE = 1000;

function expand(q: string, typos: boolean): ExpandedSearch | undefined {
  if (q.includes('"')) return undefined;
  const words = q.split(' ').filter((word) => word !== '');
  if (words.includes('or')) return undefined;
  const groups: string[][] = [];
  const rest: string[] = [];
  for (let i = 0; i < words.length;) {
    let matched = 0;
    // "-word" excludes a word: it is never a synonym.
    for (let n = Math.min(LONGEST, words.length - i); n >= 1 && matched === 0; n -= 1) {
      const slice = words.slice(i, i + n);
      if (slice.some((word) => word.startsWith('-'))) continue;
      const phrase = slice.join(' ');
      const term = GROUPS.has(phrase) ? phrase : typos ? closestTerm(phrase, n) : undefined;
      if (term === undefined) continue;
      groups.push([...new Set([phrase, ...GROUPS.get(term)!])]);
      matched = n;
    }
    if (matched === 0) rest.push(words[i]!);
    i += Math.max(matched, 1);
  }
  if (groups.length === 0) return undefined;
  const kept = rest.filter((word) => !CONNECTORS.has(word));
  return kept.length > 0 ? [...groups, [kept.join(' ')]] : groups;
}
