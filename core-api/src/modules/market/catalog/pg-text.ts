/**
 * PostgreSQL's text-search arithmetic, reproduced for the in-process search index (text-index.ts):
 * what `tsquery` text means, `ts_rank` with its default weights and no normalisation, and pg_trgm's
 * `word_similarity`. Each mirrors the C code operation by operation, rounding to single precision
 * (`Math.fround`) wherever the C code stores a `float`, so that the index ranks with the very numbers
 * the SQL ranking computes: equal relevance ties break the same way (by rating, then id).
 *
 * Scope: what `websearch_to_tsquery` combined with `||` and `&&` produces (lexemes, `&`, `|`); a
 * query with negation, phrases, prefixes or weights parses to `undefined` and the SQL path answers.
 * Case folding and word characters beyond ASCII follow the database's locale (`CharClasses`).
 * pg_trgm stores a trigram of multibyte characters as a 3-byte checksum; here it stays the
 * characters, so two such trigrams pg_trgm happens to confuse stay apart.
 */

/** A parsed tsquery: its tree and its distinct lexemes in PostgreSQL's order (bytewise). */
export type QueryNode =
  | { op: 'lexeme'; lexeme: string }
  | { op: '&' | '|'; left: QueryNode; right: QueryNode }
  /** `left <distance> right`: right's position is left's plus the distance (`<->` is 1). */
  | { op: 'phrase'; distance: number; left: QueryNode; right: QueryNode };

export interface ParsedQuery {
  /** null: an empty query (only stop words), which matches nothing and ranks 0. */
  root: QueryNode | null;
  /** Distinct lexemes, sorted as ts_rank's SortAndUniqItems sorts them. */
  items: readonly string[];
}

const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8');

/**
 * A quoted lexeme as tsquery and tsvector output write it, from the opening quote at `at`: a quote
 * doubled or a character after a backslash stands for itself. Undefined when it is not closed.
 */
function readQuoted(text: string, at: number): { lexeme: string; next: number } | undefined {
  let lexeme = '';
  let i = at + 1;
  while (i < text.length) {
    const d = text[i]!;
    if (d === '\\' && i + 1 < text.length) {
      lexeme += text[i + 1];
      i += 2;
    } else if (d === "'" && text[i + 1] === "'") {
      lexeme += "'";
      i += 2;
    } else if (d === "'") {
      return { lexeme, next: i + 1 };
    } else {
      lexeme += d;
      i += 1;
    }
  }
  return undefined;
}

/** Parses `tsquery` output (e.g. `( 'maiz' | 'mahindi' ) & 'seed'`); undefined for what the index does not evaluate. */
export function parseTsquery(text: string): ParsedQuery | undefined {
  const tokens: string[] = [];
  const lexemes: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ') {
      i += 1;
    } else if (c === '&' || c === '|' || c === '(' || c === ')') {
      tokens.push(c);
      i += 1;
    } else if (c === '<') {
      const phrase = /^<(-|\d+)>/.exec(text.slice(i, i + 8));
      if (phrase === null) return undefined;
      tokens.push(phrase[1] === '-' ? '<1>' : `<${Number(phrase[1])}>`);
      i += phrase[0].length;
    } else if (c === "'") {
      const quoted = readQuoted(text, i);
      if (quoted === undefined) return undefined;
      const lexeme = quoted.lexeme;
      i = quoted.next;
      // A weight or prefix mark (`:*`, `:A`) changes matching: not for the index.
      if (text[i] === ':') return undefined;
      tokens.push(`'${lexemes.length}`);
      lexemes.push(lexeme);
    } else {
      // `!`: negation.
      return undefined;
    }
  }
  if (tokens.length === 0) return { root: null, items: [] };
  let at = 0;
  const parseOr = (): QueryNode | undefined => {
    let left = parseAnd();
    while (left !== undefined && tokens[at] === '|') {
      at += 1;
      const right = parseAnd();
      left = right === undefined ? undefined : { op: '|', left, right };
    }
    return left;
  };
  const parseAnd = (): QueryNode | undefined => {
    let left = parsePhrase();
    while (left !== undefined && tokens[at] === '&') {
      at += 1;
      const right = parsePhrase();
      left = right === undefined ? undefined : { op: '&', left, right };
    }
    return left;
  };
  // Phrases of lexemes only (what websearch_to_tsquery writes for quotes and hyphenated words).
  const isChain = (node: QueryNode): boolean => node.op === 'lexeme' || (node.op === 'phrase' && isChain(node.left) && isChain(node.right));
  const parsePhrase = (): QueryNode | undefined => {
    let left = parsePrimary();
    while (left !== undefined && tokens[at]?.startsWith('<')) {
      const distance = Number(tokens[at]!.slice(1, -1));
      at += 1;
      const right = parsePrimary();
      left = right === undefined || !isChain(left) || !isChain(right) ? undefined : { op: 'phrase', distance, left, right };
    }
    return left;
  };
  const parsePrimary = (): QueryNode | undefined => {
    const token = tokens[at];
    if (token === '(') {
      at += 1;
      const inner = parseOr();
      if (tokens[at] !== ')') return undefined;
      at += 1;
      return inner;
    }
    if (token?.startsWith("'")) {
      at += 1;
      return { op: 'lexeme', lexeme: lexemes[Number(token.slice(1))]! };
    }
    return undefined;
  };
  const root = parseOr();
  if (root === undefined || at !== tokens.length) return undefined;
  const items = [...new Set(lexemes)].sort((a, b) => Buffer.compare(utf8(a), utf8(b)));
  return { root, items };
}

/**
 * Whether a document matches the query (`@@`; an empty query matches nothing). `positions` gives a
 * lexeme's packed positions in the document (undefined: it lacks it).
 */
export function evaluate(node: QueryNode | null, positions: (lexeme: string) => ArrayLike<number> | undefined): boolean {
  if (node === null) return false;
  if (node.op === 'lexeme') return positions(node.lexeme) !== undefined;
  if (node.op === 'phrase') return phraseEnds(node, positions).length > 0;
  if (node.op === '&') return evaluate(node.left, positions) && evaluate(node.right, positions);
  return evaluate(node.left, positions) || evaluate(node.right, positions);
}

/** Where a phrase of lexemes ends in the document: its last lexeme's positions. */
function phraseEnds(node: QueryNode, positions: (lexeme: string) => ArrayLike<number> | undefined): number[] {
  if (node.op === 'lexeme') return Array.from(positions(node.lexeme) ?? [], positionOf);
  if (node.op !== 'phrase') return [];
  const left = new Set(phraseEnds(node.left, positions));
  return phraseEnds(node.right, positions).filter((p) => left.has(p - node.distance));
}

/** Whether the tree has a phrase (its matches need positions, not only lexemes). */
export const hasPhrase = (node: QueryNode | null): boolean =>
  node !== null && node.op !== 'lexeme' && (node.op === 'phrase' || hasPhrase(node.left) || hasPhrase(node.right));

/** ts_rank's default weights, by weight class D, C, B, A (0-3). */
const WEIGHTS: readonly number[] = [0.1, 0.2, 0.4, 1.0].map(Math.fround);

/** A tsvector position as stored: the position shifted left by 2, its weight class (0 = D … 3 = A) below. */
const positionOf = (packed: number): number => packed >> 2;
const weightOf = (packed: number): number => WEIGHTS[packed & 3]!;

/**
 * Parses `tsvector` output (`'maiz':1A,4B 'seed':2A`) into lexemes with packed positions. Lexemes
 * without positions do not occur in generated vectors; they get none here.
 */
export function parseTsvector(text: string): { lexemes: string[]; positions: number[][] } {
  const lexemes: string[] = [];
  const positions: number[][] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] !== "'") {
      i += 1;
      continue;
    }
    const quoted = readQuoted(text, i);
    if (quoted === undefined) break;
    const lexeme = quoted.lexeme;
    i = quoted.next;
    const list: number[] = [];
    if (text[i] === ':') {
      i += 1;
      for (;;) {
        let n = 0;
        while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) n = n * 10 + text.charCodeAt(i++) - 48;
        const w = text[i];
        let weight = 0;
        if (w === 'A') weight = 3;
        else if (w === 'B') weight = 2;
        else if (w === 'C') weight = 1;
        if (w === 'A' || w === 'B' || w === 'C' || w === 'D') i += 1;
        list.push((n << 2) | weight);
        if (text[i] !== ',') break;
        i += 1;
      }
    }
    lexemes.push(lexeme);
    positions.push(list);
  }
  return { lexemes, positions };
}

/**
 * One lexeme's share of calc_rank_or before the division by π²/6: its best weight plus the sum of
 * its weights over the squares of their ranks, without counting the best one twice.
 */
export function orTerm(packed: readonly number[] | Uint16Array, from = 0, to = packed.length): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < to - from; j += 1) {
    const w = weightOf(packed[from + j]!);
    resj = Math.fround(resj + Math.fround(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / ((jm + 1) * (jm + 1))));
}

/** word_distance of tsrank.c. */
const DISTANCE = Array.from({ length: 101 }, (_, w) => Math.fround(1.0 / (1.005 + 0.05 * Math.exp(Math.fround(w) / 1.5 - 2))));
const FAR = Math.fround(1e-30);
const wordDistance = (w: number): number => (w > 100 ? FAR : DISTANCE[w]!);

/**
 * A document as ts_rank reads it: for each of the query's distinct lexemes (in `items` order), where
 * its packed positions lie in `pool` (`count` -1: the document lacks it) and its `orTerm`.
 */
export interface RankInput {
  pool: ArrayLike<number>;
  from: Int32Array;
  count: Int32Array;
  orTerms: Float64Array;
}

/** ts_rank(vector, query) with the default weights and normalisation 0. */
export function tsRank(rootIsAnd: boolean, doc: RankInput, itemCount: number, vectorEmpty: boolean): number {
  if (vectorEmpty || itemCount === 0) return 0;
  let res = rootIsAnd && itemCount >= 2 ? rankAnd(doc, itemCount) : rankOr(doc, itemCount);
  if (res < 0) res = Math.fround(1e-20);
  return res;
}

function rankOr(doc: RankInput, itemCount: number): number {
  let res = 0;
  for (let i = 0; i < itemCount; i += 1) {
    if (doc.count[i]! < 0) continue;
    res = Math.fround(res + doc.orTerms[i]! / 1.64493406685);
  }
  return Math.fround(res / itemCount);
}

function rankAnd(doc: RankInput, itemCount: number): number {
  const pool = doc.pool;
  let res = -1;
  for (let i = 0; i < itemCount; i += 1) {
    const dimt = doc.count[i]!;
    if (dimt < 0) continue;
    const post = doc.from[i]!;
    for (let k = 0; k < i; k += 1) {
      const lenct = doc.count[k]!;
      if (lenct < 0) continue;
      const ct = doc.from[k]!;
      for (let l = 0; l < dimt; l += 1) {
        for (let p = 0; p < lenct; p += 1) {
          const a = pool[post + l]!;
          const b = pool[ct + p]!;
          const dist = Math.abs(positionOf(a) - positionOf(b));
          if (dist === 0) continue;
          const curw = Math.fround(Math.sqrt(Math.fround(Math.fround(weightOf(a) * weightOf(b)) * wordDistance(dist))));
          res = res < 0 ? curw : Math.fround(1.0 - (1.0 - res) * (1.0 - curw));
        }
      }
    }
  }
  return res;
}

export const isAscii = (text: string): boolean => !/[^\x00-\x7f]/.test(text);

/**
 * What the database's locale says of characters beyond ASCII: their lowercase and whether pg_trgm
 * counts them as letters or digits (repository `findCharClasses` asks, once per character).
 */
export type CharClasses = ReadonlyMap<string, { lower: string; word: boolean }>;

/** The characters of `text` beyond ASCII that `classes` does not know yet. */
export function unknownChars(text: string, classes: CharClasses): string[] {
  if (isAscii(text)) return [];
  return [...new Set(Array.from(text).filter((c) => c.charCodeAt(0) > 0x7f && !classes.has(c)))];
}

/** `lower(text)` as the database computes it (every character must be in `classes` or ASCII). */
export function foldCase(text: string, classes: CharClasses): string {
  if (isAscii(text)) return text.toLowerCase();
  return Array.from(text, (c) => (c.charCodeAt(0) > 0x7f ? (classes.get(c)?.lower ?? c) : c.toLowerCase())).join('');
}

const isWordChar = (c: string, classes: CharClasses): boolean =>
  c.charCodeAt(0) > 0x7f ? classes.get(c)?.word === true : /[a-zA-Z0-9]/.test(c);

/**
 * pg_trgm's trigrams of a lowercase text, in order and with repeats: each run of letters and digits
 * padded with two spaces before and one after.
 */
export function trigramsOf(text: string, classes: CharClasses): string[] {
  const out: string[] = [];
  for (const word of wordsOf(text, classes)) {
    const padded = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= padded.length; i += 1) out.push(padded[i]! + padded[i + 1]! + padded[i + 2]!);
  }
  return out;
}

/** The runs of letters and digits of a text, as pg_trgm splits it, each as its characters. */
export function wordsOf(text: string, classes: CharClasses): string[][] {
  if (isAscii(text)) return (text.match(/[a-zA-Z0-9]+/g) ?? []).map((word) => [...word]);
  const words: string[][] = [];
  let word: string[] = [];
  for (const c of text) {
    if (isWordChar(c, classes)) word.push(c);
    else if (word.length > 0) {
      words.push(word);
      word = [];
    }
  }
  if (word.length > 0) words.push(word);
  return words;
}

const similarity = (count: number, len1: number, len2: number): number => Math.fround(count / (len1 + len2 - count));

/**
 * word_similarity(query, text) of pg_trgm: the greatest similarity between the query's trigrams and
 * any continuous extent of the text's. Trigrams as numbers: `text` from `start` to `end` is the
 * text's in order, with repeats (the search index keeps every name's in one array: a text compares
 * hundreds of names, and reading each from a place of its own cost more than the comparing).
 * `inQuery[t]` is 1 for the query's `queryCount` distinct trigrams. `lastpos` is scratch space, -1
 * everywhere, as long as `inQuery`; it is left so.
 */
export function wordSimilarity(
  inQuery: Uint8Array,
  queryCount: number,
  text: Int32Array,
  start: number,
  end: number,
  lastpos: Int32Array,
): number {
  if (queryCount === 0) return 0;
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let best = 0;
  for (let i = start; i < end; i += 1) {
    const t = text[i]!;
    const found = inQuery[t] === 1;
    if (lower >= 0 || found) {
      if (lastpos[t]! < 0) {
        ulen2 += 1;
        if (found) count += 1;
      }
      lastpos[t] = i;
    }
    if (!found) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarity(count, queryCount, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower += 1) {
      const candidate = similarity(tmpCount, queryCount, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = text[tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2 -= 1;
        if (inQuery[tt] === 1) tmpCount -= 1;
      }
    }
    if (current > best) best = current;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower += 1) {
      const tt = text[tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  for (let i = start; i < end; i += 1) lastpos[text[i]!] = -1;
  return best;
}

/** pg_trgm.word_similarity_threshold's default: `name %> q` holds at this similarity or more. */
export const WORD_SIMILARITY_THRESHOLD = 0.6;
