import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import {
  type ParsedQuery,
  type QueryNode,
  type RankInput,
  WORD_SIMILARITY_THRESHOLD,
  evaluate,
  foldCase,
  hasPhrase,
  orTerm,
  parseTsquery,
  parseTsvector,
  trigramsOf,
  tsRank,
  unknownChars,
  wordSimilarity,
  wordsOf,
} from './pg-text';
import { type TextMatchRow, findCharClasses, findIndexRows, findIndexVersions, findTextQueries } from './repository';
import { expandSearch } from './synonyms';
import { type MatchRow, TextMatches, matchRow } from './text-ranking';

/** A text's distinct trigrams: `inQuery[t]` 1 for those of `ids` (the ones some name has), `count` all of them. */
interface QueryTrigrams {
  inQuery: Uint8Array;
  count: number;
  ids: number[];
  /** Similarities computed, by the hash of a name's span (its trigrams from the first of the text's to the last). */
  spans: Map<number, number[]>;
}

/** Each slot's lexemes (TextIndex `docStart` …), as the arrays held them at one time. */
interface Docs {
  start: Int32Array;
  length: Int32Array;
  lexeme: Int32Array;
  or: Float32Array;
  positions: Int32Array;
  positionCount: Int32Array;
  pool: Uint16Array;
  name: Int32Array;
}

/** What a text's relevance is computed from, after its matching (TextIndex `score`). */
interface Scoring {
  docs: Docs;
  /** The matches' slots, in the order of the rows. */
  slots: Int32Array;
  words: ParsedQuery;
  typed: ParsedQuery;
  lexemes: string[];
  expanded: boolean;
  /** The names containing the text. */
  containing: number[];
  query: QueryTrigrams | undefined;
  /** The names whose similarity matching computed, and each one's. */
  similar: Int32Array;
  similarity: Float32Array;
}

/** Scratch marks of a text's matching (TextIndex `marks`). */
interface Marks {
  /** A name's similarity to the text, once computed (-1: not yet). */
  similarity: Float32Array;
  slots: Uint8Array;
  names: Uint8Array;
  counts: Uint8Array;
  trigrams: Uint8Array;
  lexemes: Int32Array;
}

/** A growable typed array. */
class Grow<T extends Int32Array | Float32Array | Uint16Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (size: number) => T,
  ) {}

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = this.make(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }

  view(): T {
    return this.data.subarray(0, this.length) as T;
  }

  /** Empty again, keeping its room. */
  clear(): this {
    this.length = 0;
    return this;
  }
}

const ints = (size = 16) => new Grow(new Int32Array(size), (n) => new Int32Array(n));

/** One active product as the index reads it (repository `findIndexRows`). */
export interface IndexedProductRow extends Omit<TextMatchRow, 'relevance'> {
  version: string;
  name: string;
  vector: string;
}

/** The three queries a text needs, parsed (undefined: the index cannot evaluate them; SQL answers). */
interface TextQueries {
  exact: ParsedQuery;
  typos: ParsedQuery;
  typed: ParsedQuery;
}

const MAX_PARSED = 2_000;
/** At most this many new texts' queries in one statement. */
const MAX_TEXTS_READ_TOGETHER = 64;

/** New texts whose queries are read together, once the turn that asked for them is over. */
interface QueryBatch {
  db: Kysely<Database>;
  texts: Set<string>;
  read: Promise<Map<string, TextQueries | null>>;
}

/** A trigram on this many names or more also keeps them as bits (TextIndex `trigramBits`). */
const LONG_LIST = 256;

/** Rows read per statement when (re)loading: each batch is added in one go (~20 ms of the event loop). */
const CHUNK = 2_000;
/** A full re-read this long after the last, behind the searches (changes without a message). */
const RECHECK_MS = 60_000;

/**
 * Every active product's search text in memory (issue 43): a text nobody searched before is matched
 * and ranked here, with PostgreSQL's own lexemes (the stored `search_vector`, the query as
 * `websearch_to_tsquery` parses it) and PostgreSQL's arithmetic (pg-text.ts), instead of a statement
 * that ranks thousands of rows in the database. The answers equal the SQL path's (text-index.test).
 *
 * Fresh as the catalog cache is: the cache hands it every change message (cluster broadcast). A
 * product named by a message is read again before the next search; a change without names (an
 * edit, a review, a lost link) re-reads every product whose row version (`xmin`) moved.
 */
export class TextIndex {
  private slots = 0;
  private live = 0;
  private alive = new Uint8Array(1024);
  private readonly slotOf = new Map<string, number>();
  /** Per slot (undefined once a dead slot is compacted). */
  private versions: (string | undefined)[] = [];
  private rows: (MatchRow | undefined)[] = [];
  /** Each slot's name (a number: equal names share their trigram work). */
  private slotName = ints(1024);
  private readonly nameIds = new Map<string, number>();
  /** Per name: its text as `lower(name)` gives it. */
  private nameText: string[] = [];
  /**
   * Per name, in flat arrays (a text compares hundreds of names, each at a place of its own in
   * memory): its trigrams (ids, in order) at `nameTrigramStart[name]` … of `nameTrigramPool`, and its
   * slots as a chain, from `nameFirstSlot[name]` through `slotNext` (-1 ends it), in the order added.
   */
  private nameTrigramPool = ints(16_384);
  private nameTrigramStart = ints(1024);
  private nameFirstSlot = ints(1024);
  private nameLastSlot = ints(1024);
  private slotNext = ints(1024);
  private readonly trigramIds = new Map<string, number>();
  /** Scratch space of `wordSimilarity`, one place per trigram id. */
  private scratch = new Int32Array(0);
  /**
   * A text's marks, zero between texts (each use clears what it set): per slot (found), per name
   * (containing, trigram counts; its similarity, -1 between texts), per trigram (in the text), and
   * per lexeme (-1: not the text's). Allocating them per text cost 0.2-0.5 MB of zeroed memory at
   * 100,000 products, and the collector's time for it; each grows with the catalog's vocabulary, a
   * text's work need not.
   */
  private readonly marks: Marks = {
    similarity: new Float32Array(0),
    slots: new Uint8Array(0),
    names: new Uint8Array(0),
    counts: new Uint8Array(0),
    trigrams: new Uint8Array(0),
    lexemes: new Int32Array(0),
  };
  /** Characters beyond ASCII in names and texts: their lowercase and class in the database's locale. */
  private readonly classes = new Map<string, { lower: string; word: boolean }>();
  /** Each slot's lexemes: entries docStart[slot] … + docLength[slot] of the entry pools. */
  private docStart = ints(1024);
  private docLength = ints(1024);
  private entryLexeme = ints(4096);
  private entryOr = new Grow(new Float32Array(4096), (n) => new Float32Array(n));
  private entryPositions = ints(4096);
  private entryPositionCount = ints(4096);
  private positions = new Grow(new Uint16Array(8192), (n) => new Uint16Array(n));
  private readonly lexemeIds = new Map<string, number>();
  /** Slots (ascending) per lexeme id, dead ones included until `compact`; names (ascending) per trigram id. */
  private lexemePostings: Grow<Int32Array>[] = [];
  private readonly trigramPostings: Grow<Int32Array>[] = [];
  /**
   * The names of a trigram many names have, as bits (name n: bit n % 32 of word n >> 5), `namesWords`
   * words each: a text's few candidate names are looked up in them instead of reading the long list.
   */
  private readonly trigramBits: (Int32Array | undefined)[] = [];
  private namesWords = 0;
  /**
   * Lists a text's matching fills (slots found, candidate names, names compared; names compared
   * while scoring), emptied for each: allocating them per text, and growing them to a common text's
   * thousands, was a twentieth of the search thread's time.
   */
  private readonly scratchFound = ints(1024);
  private readonly scratchTouched = ints(1024);
  private readonly scratchCompared = ints(256);
  private readonly scratchScored = ints(16);
  private readonly parsed = new Map<string, TextQueries | null>();
  /** New texts waiting for their queries' statement. */
  private unparsed: QueryBatch | undefined;

  /** Whether a search asked for it yet: until then it reads nothing and keeps no changes. */
  private reading = false;
  /** Changes without names so far, and how many of them the last full read began after. */
  private unnamedChanges = 1;
  private readThrough = 0;
  private refreshing: Promise<void> | undefined;
  private refreshedAt = 0;
  private readonly pendingIds = new Set<string>();
  private idRefresh: Promise<void> | undefined;
  /**
   * Reads run one after another: each sees the database after the last one's rows were applied, so
   * a row version is never replaced by an older one, nor a product just read dropped by a full read
   * that listed the products before it existed.
   */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * A change message (catalog cache `dropTags`): the products it names are read again before the
   * next search; a change naming none may have touched any product.
   */
  changed(productIds: readonly string[]): void {
    // Not read yet (a search thread searches instead): the first read reads every product.
    if (!this.reading) return;
    for (const id of productIds) this.pendingIds.add(id);
    if (productIds.length === 0) this.unnamedChanges += 1;
  }

  /** Everything may have changed (catalog cache `dropAll`). */
  changedAll(): void {
    this.unnamedChanges += 1;
  }

  /**
   * Whether the index answers now. Changes are read first: products named by a change by id, and
   * after a change without names every product whose row version moved (single flight, shared by
   * every search waiting). A minute after the last full read, one starts behind, as a safety net
   * for changes no message told of; searches meanwhile use what the index holds.
   */
  async ready(db: Kysely<Database>): Promise<boolean> {
    this.reading = true;
    for (let round = 0; round < 3; round += 1) {
      if (this.readThrough < this.unnamedChanges) {
        this.refreshing ??= this.inTurn(() => this.refreshAll(db));
        await this.refreshing;
      } else if (this.pendingIds.size > 0) {
        this.idRefresh ??= this.inTurn(() => this.refreshIds(db));
        await this.idRefresh;
      } else {
        if (this.refreshing === undefined && this.now() - this.refreshedAt > RECHECK_MS) {
          this.refreshing = this.inTurn(() => this.refreshAll(db));
        }
        return true;
      }
    }
    // Failing reads, or changes arriving faster than they are read: the SQL path answers.
    return false;
  }

  /** Resolves once no read is running or queued (the app waits for it when it closes). */
  async settled(): Promise<void> {
    let queue;
    do {
      queue = this.queue;
      await queue;
    } while (queue !== this.queue);
  }

  private inTurn(read: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(read);
    return this.queue;
  }

  /** Reads every product whose row version moved; never rejects (a failure reads again next time). */
  private async refreshAll(db: Kysely<Database>): Promise<void> {
    const through = this.unnamedChanges;
    const started = this.now();
    try {
      // Read first in the order of the names: a text's matches (names sharing its words) then lie
      // near each other in the index's arrays, fewer places of memory to fetch (a fifth less time a text).
      const current = await findIndexVersions(db, this.slotOf.size === 0);
      const seen = new Set<string>();
      const changed: string[] = [];
      for (const { id, version } of current) {
        seen.add(id);
        const slot = this.slotOf.get(id);
        if (slot === undefined || this.versions[slot] !== version) changed.push(id);
      }
      for (const id of [...this.slotOf.keys()]) if (!seen.has(id)) this.remove(id);
      for (let i = 0; i < changed.length; i += CHUNK) {
        const ids = changed.slice(i, i + CHUNK);
        this.apply(ids, await this.readRows(db, ids));
      }
      if (this.slots - this.live > this.live) this.compact();
      this.refreshedAt = started;
      this.readThrough = through;
    } catch {
      // Read again by the next search.
    } finally {
      this.refreshing = undefined;
    }
  }

  /** Reads the products changes named; never rejects (a failure reads everything next time). */
  private async refreshIds(db: Kysely<Database>): Promise<void> {
    const ids = [...this.pendingIds];
    this.pendingIds.clear();
    try {
      this.apply(ids, await this.readRows(db, ids));
    } catch {
      // Read them with everything else.
      this.unnamedChanges += 1;
    } finally {
      this.idRefresh = undefined;
    }
  }

  /** The rows, with the classes of the characters beyond ASCII in their names learnt. */
  private async readRows(db: Kysely<Database>, ids: readonly string[]): Promise<IndexedProductRow[]> {
    const rows = await findIndexRows(db, ids);
    await this.learn(db, rows.map((row) => row.name).join(' '));
    return rows;
  }

  private async learn(db: Kysely<Database>, text: string): Promise<void> {
    const unknown = unknownChars(text, this.classes);
    if (unknown.length === 0) return;
    for (const { c, lower, word } of await findCharClasses(db, unknown)) this.classes.set(c, { lower, word });
  }

  /** Stores the rows read for `ids`; an id without a row is no longer active. */
  private apply(ids: readonly string[], rows: readonly IndexedProductRow[]): void {
    const read = new Set<string>();
    for (const row of rows) {
      read.add(row.id);
      const slot = this.slotOf.get(row.id);
      if (slot !== undefined && this.versions[slot] === row.version) continue;
      if (slot !== undefined) this.remove(row.id);
      this.add(row);
    }
    for (const id of ids) if (!read.has(id.toLowerCase())) this.remove(id.toLowerCase());
  }

  private add(row: IndexedProductRow): void {
    const slot = this.slots++;
    if (slot === this.alive.length) {
      const next = new Uint8Array(this.alive.length * 2);
      next.set(this.alive);
      this.alive = next;
    }
    this.alive[slot] = 1;
    this.live += 1;
    this.slotOf.set(row.id, slot);
    this.versions[slot] = row.version;
    this.rows[slot] = matchRow(row);
    this.slotName.push(this.nameOf(foldCase(row.name, this.classes), slot));
    const { lexemes, positions } = parseTsvector(row.vector);
    this.docStart.push(this.entryLexeme.length);
    this.docLength.push(lexemes.length);
    for (let e = 0; e < lexemes.length; e += 1) {
      let id = this.lexemeIds.get(lexemes[e]!);
      if (id === undefined) {
        id = this.lexemeIds.size;
        this.lexemeIds.set(lexemes[e]!, id);
        this.lexemePostings.push(ints(4));
      }
      this.lexemePostings[id]!.push(slot);
      this.entryLexeme.push(id);
      this.entryOr.push(orTerm(positions[e]!));
      this.entryPositions.push(this.positions.length);
      this.entryPositionCount.push(positions[e]!.length);
      for (const p of positions[e]!) this.positions.push(p);
    }
  }

  /** The name's number (a new one gets its trigrams listed); the slot joins its slots. */
  private nameOf(name: string, slot: number): number {
    let id = this.nameIds.get(name);
    if (id === undefined) {
      id = this.nameText.length;
      this.nameIds.set(name, id);
      this.nameText.push(name);
      const trigrams = trigramsOf(name, this.classes).map((trigram) => {
        let t = this.trigramIds.get(trigram);
        if (t === undefined) {
          t = this.trigramIds.size;
          this.trigramIds.set(trigram, t);
          this.trigramPostings.push(ints(4));
        }
        return t;
      });
      this.nameTrigramStart.push(this.nameTrigramPool.length);
      for (const t of trigrams) this.nameTrigramPool.push(t);
      for (const t of new Set(trigrams)) this.trigramPostings[t]!.push(id);
      this.setBits(id, trigrams);
      this.nameFirstSlot.push(-1);
      this.nameLastSlot.push(-1);
    }
    this.link(id, slot);
    return id;
  }

  /** The new name's bit in the bits of its trigrams, those of a trigram whose list grew long made. */
  private setBits(name: number, trigrams: readonly number[]): void {
    if (name >> 5 >= this.namesWords) {
      // Room for twice the names: every trigram's bits copied once per doubling.
      this.namesWords = Math.max(4, 2 * this.namesWords);
      this.trigramBits.forEach((bits, t) => {
        if (bits === undefined) return;
        const grown = new Int32Array(this.namesWords);
        grown.set(bits);
        this.trigramBits[t] = grown;
      });
    }
    for (const t of trigrams) {
      let bits = this.trigramBits[t];
      if (bits === undefined) {
        const list = this.trigramPostings[t]!;
        if (list.length < LONG_LIST) continue;
        bits = new Int32Array(this.namesWords);
        for (const n of list.view()) bits[n >> 5]! |= 1 << (n & 31);
        this.trigramBits[t] = bits;
      }
      bits[name >> 5]! |= 1 << (name & 31);
    }
  }

  /** Adds the slot at the end of the name's chain. */
  private link(name: number, slot: number): void {
    while (this.slotNext.length <= slot) this.slotNext.push(-1);
    this.slotNext.data[slot] = -1;
    const last = this.nameLastSlot.data[name]!;
    if (last === -1) this.nameFirstSlot.data[name] = slot;
    else this.slotNext.data[last] = slot;
    this.nameLastSlot.data[name] = slot;
  }

  private remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.live -= 1;
  }

  /**
   * Drops what dead slots hold: their places in the posting lists, their lexeme entries and
   * positions (a product read again, after an order or an edit, was added anew), their rows.
   */
  private compact(): void {
    const keep = (list: Grow<Int32Array>): Grow<Int32Array> => {
      const next = ints(Math.max(4, list.length));
      for (const slot of list.view()) if (this.alive[slot] === 1) next.push(slot);
      return next;
    };
    this.lexemePostings = this.lexemePostings.map(keep);
    // Each name's chain again, of its live slots.
    for (let name = 0; name < this.nameText.length; name += 1) {
      let slot = this.nameFirstSlot.data[name]!;
      this.nameFirstSlot.data[name] = -1;
      this.nameLastSlot.data[name] = -1;
      while (slot !== -1) {
        const next = this.slotNext.data[slot]!;
        if (this.alive[slot] === 1) this.link(name, slot);
        slot = next;
      }
    }
    const entryLexeme = ints(this.entryLexeme.length);
    const entryOr = new Grow(new Float32Array(this.entryOr.length + 1), (n) => new Float32Array(n));
    const entryPositions = ints(this.entryPositions.length);
    const entryPositionCount = ints(this.entryPositionCount.length);
    const positions = new Grow(new Uint16Array(this.positions.length + 1), (n) => new Uint16Array(n));
    // New arrays throughout: a text's matches compute their relevance later from the ones they saw.
    const docStart = ints(this.slots);
    const docLength = ints(this.slots);
    for (let slot = 0; slot < this.slots; slot += 1) {
      const start = this.docStart.data[slot]!;
      const length = this.docLength.data[slot]!;
      docStart.push(entryLexeme.length);
      docLength.push(this.alive[slot] === 1 ? length : 0);
      if (this.alive[slot] !== 1) {
        this.rows[slot] = undefined;
        this.versions[slot] = undefined;
        continue;
      }
      for (let e = start; e < start + length; e += 1) {
        entryLexeme.push(this.entryLexeme.data[e]!);
        entryOr.push(this.entryOr.data[e]!);
        entryPositions.push(positions.length);
        entryPositionCount.push(this.entryPositionCount.data[e]!);
        const from = this.entryPositions.data[e]!;
        for (let p = from; p < from + this.entryPositionCount.data[e]!; p += 1) positions.push(this.positions.data[p]!);
      }
    }
    this.docStart = docStart;
    this.docLength = docLength;
    this.entryLexeme = entryLexeme;
    this.entryOr = entryOr;
    this.entryPositions = entryPositions;
    this.entryPositionCount = entryPositionCount;
    this.positions = positions;
  }

  /**
   * The three queries of a text, parsed (null: the SQL path answers). Read the first time, in one
   * statement for every new text asked for in the same turn of the event loop (searches arrive
   * together under load, and each statement costs the thread a send, an answer and a turn).
   */
  queries(db: Kysely<Database>, q: string): Promise<TextQueries | null> {
    const found = this.parsed.get(q);
    if (found !== undefined) return Promise.resolve(found);
    let batch = this.unparsed;
    if (batch === undefined || batch.db !== db || batch.texts.size >= MAX_TEXTS_READ_TOGETHER) {
      const texts = new Set<string>();
      const read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.readQueries(db, texts));
      // Settled by each text's own promise below.
      read.catch(() => undefined);
      this.unparsed = batch = { db, texts, read };
    }
    batch.texts.add(q);
    return batch.read.then((read) => read.get(q) ?? null);
  }

  /** Reads, keeps and returns the queries of texts waiting together. */
  private async readQueries(db: Kysely<Database>, waiting: Set<string>): Promise<Map<string, TextQueries | null>> {
    if (this.unparsed?.texts === waiting) this.unparsed = undefined;
    const texts = [...waiting];
    await this.learn(db, texts.join(' '));
    const read = await findTextQueries(db, texts);
    const parsed = new Map<string, TextQueries | null>();
    texts.forEach((q, i) => {
      const exact = parseTsquery(read[i]!.exact);
      const typos = parseTsquery(read[i]!.typos);
      const typed = parseTsquery(read[i]!.typed);
      const queries = exact && typos && typed ? { exact, typos, typed } : null;
      parsed.set(q, queries);
      if (this.parsed.size >= MAX_PARSED) this.parsed.clear();
      this.parsed.set(q, queries);
    });
    return parsed;
  }

  /**
   * Every active product the text matches, with the relevance the SQL ranking computes (repository
   * `findTextMatches`), or undefined when the index cannot answer this text (the SQL path does).
   * Stops past `limit` matches, as the statement's `limit` does. A match's relevance is computed when
   * a ranking first reads it (`score`).
   */
  matches(text: string, typos: boolean, queries: TextQueries, limit: number): TextMatches | undefined {
    // Characters `queries` did not learn (it is given another text): the SQL path answers.
    if (unknownChars(text, this.classes).length > 0) return undefined;
    const q = foldCase(text, this.classes);
    const words = typos ? queries.typos : queries.exact;
    const expanded = expandSearch(text, typos) !== undefined;
    const marks = this.marksFor();
    const found = new Matched(this.scratchFound.clear(), marks.slots, this.alive);
    const containing = this.nameContains(q);
    // Typo mode: names like the text word by word (`name %> q`), with their similarity.
    const query = typos ? this.queryTrigrams(q, marks.trigrams) : undefined;
    // The names whose similarity is marked.
    const compared = this.scratchCompared.clear();
    try {
      const docs = this.docs();
      const phrase = hasPhrase(words.root);
      for (const slot of this.slotsMatching(words.root)) if (!phrase || this.docMatches(docs, slot, words.root)) found.add(slot);
      for (const name of containing) this.addName(found, name);
      if (query !== undefined) {
        for (const name of this.similarNames(query, marks.counts, marks.similarity, compared)) this.addName(found, name);
      }
      const slots = found.first(limit);
      const rows: MatchRow[] = new Array(slots.length);
      for (let i = 0; i < slots.length; i += 1) rows[i] = this.rows[slots[i]!]!;
      const similar = compared.view().slice();
      const scoring: Scoring = {
        docs,
        slots,
        words,
        typed: queries.typed,
        // One pass over a match's lexemes finds the query's: numbered as `words.items` (ts_rank's
        // order), then the typed text's other lexemes; `present` says which the match has.
        lexemes: [...new Set([...words.items, ...(expanded ? queries.typed.items : [])])],
        expanded,
        containing,
        query,
        similar,
        similarity: Float32Array.from(similar, (name) => marks.similarity[name]!),
      };
      return new TextMatches(rows, new Float64Array(rows.length).fill(Number.NaN), (places, relevance) =>
        this.score(scoring, places, relevance),
      );
    } finally {
      // Every mark as it was: zero (a similarity's -1).
      found.clear();
      for (let k = 0; k < compared.length; k += 1) marks.similarity[compared.data[k]!] = -1;
      for (const t of query?.ids ?? []) marks.trigrams[t] = 0;
    }
  }

  /** What the index holds of each slot's lexemes now: arrays a later `compact` replaces but does not change. */
  private docs(): Docs {
    return {
      start: this.docStart.data,
      length: this.docLength.data,
      lexeme: this.entryLexeme.data,
      or: this.entryOr.data,
      positions: this.entryPositions.data,
      positionCount: this.entryPositionCount.data,
      pool: this.positions.data,
      name: this.slotName.data,
    };
  }

  /**
   * The relevance the SQL ranking computes (repository `relevance`) of the matches at `places` (all:
   * undefined) whose relevance is still NaN, from the lexemes their slots had when the text matched them.
   */
  private score(scoring: Scoring, places: Int32Array | undefined, relevance: Float64Array): void {
    const { docs, slots, words, typed, lexemes, expanded, containing, query, similar } = scoring;
    const marks = this.marksFor();
    const itemOf = marks.lexemes;
    const lexemeIds = lexemes.map((lexeme) => this.lexemeIds.get(lexeme) ?? -1);
    lexemeIds.forEach((id, i) => {
      if (id >= 0) itemOf[id] = i;
    });
    for (const name of containing) marks.names[name] = 1;
    if (query !== undefined) {
      // Marked again where they are now (the marks may have grown since).
      query.inQuery = marks.trigrams;
      for (const t of query.ids) marks.trigrams[t] = 1;
      similar.forEach((name, k) => (marks.similarity[name] = scoring.similarity[k]!));
    }
    const compared = this.scratchScored.clear();
    try {
      const similarityOf = (name: number): number => this.markedSimilarity(query!, name, marks.similarity, compared);
      const typedHas = expanded ? presenceTest(typed.root, lexemes) : undefined;
      const wordsHas = expanded ? presenceTest(words.root, lexemes) : undefined;
      // calc_rank: a query whose top operator is AND or a phrase ranks by the distances of its words.
      const rootIsAnd = words.root?.op === '&' || words.root?.op === 'phrase';
      const n = words.items.length;
      const input: RankInput = { pool: docs.pool, from: new Int32Array(n), count: new Int32Array(n), orTerms: new Float64Array(n) };
      const present = new Uint8Array(lexemes.length);
      const count = places === undefined ? slots.length : places.length;
      for (let p = 0; p < count; p += 1) {
        const place = places === undefined ? p : places[p]!;
        if (!Number.isNaN(relevance[place]!)) continue;
        const slot = slots[place]!;
        const start = docs.start[slot]!;
        const end = start + docs.length[slot]!;
        for (let k = 0; k < n; k += 1) input.count[k] = -1;
        for (let k = 0; k < present.length; k += 1) present[k] = 0;
        for (let e = start; e < end; e += 1) {
          const k = itemOf[docs.lexeme[e]!]!;
          if (k < 0) continue;
          present[k] = 1;
          if (k >= n) continue;
          input.from[k] = docs.positions[e]!;
          input.count[k] = docs.positionCount[e]!;
          input.orTerms[k] = docs.or[e]!;
        }
        const rank = tsRank(rootIsAnd, input, n, end === start);
        const name = docs.name[slot]!;
        let bonus: number;
        if (marks.names[name] === 1) bonus = Math.fround(1.5);
        else if (typedHas !== undefined && (typedHas(present) ?? this.docMatches(docs, slot, typed.root))) bonus = Math.fround(1.2);
        else if (wordsHas !== undefined && (wordsHas(present) ?? this.docMatches(docs, slot, words.root))) bonus = 1;
        else if (query !== undefined) bonus = similarityOf(name);
        else bonus = 0;
        relevance[place] = Math.fround(rank + bonus);
      }
    } finally {
      // Every mark as it was: zero (a lexeme's and a similarity's -1).
      for (const id of lexemeIds) if (id >= 0) itemOf[id] = -1;
      for (const name of containing) marks.names[name] = 0;
      for (const name of similar) marks.similarity[name] = -1;
      for (let k = 0; k < compared.length; k += 1) marks.similarity[compared.data[k]!] = -1;
      for (const t of query?.ids ?? []) marks.trigrams[t] = 0;
    }
  }

  /** The marks, as long as the index's slots, names, trigrams and lexemes. */
  private marksFor(): Marks {
    const marks = this.marks;
    const grown = <T extends Uint8Array | Int32Array | Float32Array>(array: T, size: number, make: (n: number) => T): T =>
      array.length >= size ? array : make(Math.max(size, 2 * array.length));
    marks.similarity = grown(marks.similarity, this.nameText.length, (n) => new Float32Array(n).fill(-1));
    marks.slots = grown(marks.slots, this.slots, (n) => new Uint8Array(n));
    marks.names = grown(marks.names, this.nameText.length, (n) => new Uint8Array(n));
    marks.counts = grown(marks.counts, this.nameText.length, (n) => new Uint8Array(n));
    marks.trigrams = grown(marks.trigrams, this.trigramIds.size, (n) => new Uint8Array(n));
    marks.lexemes = grown(marks.lexemes, this.lexemeIds.size, (n) => new Int32Array(n).fill(-1));
    return marks;
  }

  /** The text's distinct trigrams, marked by id in `inQuery` (those no name has only counted). */
  private queryTrigrams(q: string, inQuery: Uint8Array): QueryTrigrams {
    const distinct = new Set(trigramsOf(q, this.classes));
    const ids: number[] = [];
    for (const trigram of distinct) {
      const t = this.trigramIds.get(trigram);
      if (t === undefined) continue;
      inQuery[t] = 1;
      ids.push(t);
    }
    return { inQuery, count: distinct.size, ids, spans: new Map() };
  }

  /**
   * word_similarity(q, name), with the scratch space it needs. Only the name's span counts (its
   * trigrams from the first the text has to the last: the computation starts at the first and
   * nothing after the last changes it), so names with equal spans share one computation: the many
   * names around one word ("… Fertiliser …") compare once.
   */
  private similarity(query: QueryTrigrams, name: number): number {
    if (this.scratch.length < this.trigramIds.size) this.scratch = new Int32Array(this.trigramIds.size * 2).fill(-1);
    const pool = this.nameTrigramPool.data;
    const inQuery = query.inQuery;
    // The name's trigrams end where the next name's begin.
    let first = this.nameTrigramStart.data[name]!;
    const end = name + 1 < this.nameTrigramStart.length ? this.nameTrigramStart.data[name + 1]! : this.nameTrigramPool.length;
    while (first < end && inQuery[pool[first]!] !== 1) first += 1;
    if (first === end || query.count === 0) return 0;
    let last = end - 1;
    while (inQuery[pool[last]!] !== 1) last -= 1;
    let hash = last - first;
    for (let i = first; i <= last; i += 1) hash = Math.imul(hash ^ pool[i]!, 0x9e3779b1) >>> 0;
    // Per hash: [first, last, similarity] of each span computed.
    let known = query.spans.get(hash);
    if (known !== undefined) {
      for (let k = 0; k < known.length; k += 3) {
        const from = known[k]!;
        if (known[k + 1]! - from !== last - first) continue;
        let same = true;
        for (let i = 0; same && i <= last - first; i += 1) same = pool[from + i] === pool[first + i];
        if (same) return known[k + 2]!;
      }
    } else {
      known = [];
      query.spans.set(hash, known);
    }
    const value = wordSimilarity(inQuery, query.count, pool, first, last + 1, this.scratch);
    known.push(first, last, value);
    return value;
  }

  /** The name's similarity to the text: marked in `similarity` (and listed in `compared`) the first time, read after. */
  private markedSimilarity(query: QueryTrigrams, name: number, similarity: Float32Array, compared: Grow<Int32Array>): number {
    let value = similarity[name]!;
    if (value < 0) {
      value = this.similarity(query, name);
      similarity[name] = value;
      compared.push(name);
    }
    return value;
  }

  /** The name's live slots, each once (Matched.add), in the order added. */
  private addName(found: Matched, name: number): void {
    const next = this.slotNext.data;
    for (let slot = this.nameFirstSlot.data[name]!; slot !== -1; slot = next[slot]!) found.add(slot);
  }

  private docMatches(docs: Docs, slot: number, root: QueryNode | null): boolean {
    const start = docs.start[slot]!;
    const end = start + docs.length[slot]!;
    return evaluate(root, (lexeme) => {
      const id = this.lexemeIds.get(lexeme);
      if (id === undefined) return undefined;
      for (let e = start; e < end; e += 1) {
        if (docs.lexeme[e] !== id) continue;
        const from = docs.positions[e]!;
        return docs.pool.subarray(from, from + docs.positionCount[e]!);
      }
      return undefined;
    });
  }

  /** Slots (ascending, dead ones included) whose lexemes match the query tree. */
  private slotsMatching(node: QueryNode | null): Int32Array {
    if (node === null) return new Int32Array(0);
    if (node.op === 'lexeme') {
      const id = this.lexemeIds.get(node.lexeme);
      return id === undefined ? new Int32Array(0) : this.lexemePostings[id]!.view();
    }
    const left = this.slotsMatching(node.left);
    const right = this.slotsMatching(node.right);
    // A phrase's candidates have all its lexemes; `docMatches` checks their positions.
    return node.op === '|' ? union(left, right) : intersect(left, right);
  }

  /** Names (numbers) whose lowercase text contains the text (`name ilike '%q%'`). */
  private nameContains(q: string): number[] {
    // A name containing q contains each three-character run inside q's words as one of its
    // trigrams: the names on all those trigrams' lists (ascending) bound the candidates.
    const lists: Int32Array[] = [];
    for (const word of wordsOf(q, this.classes)) {
      for (let i = 0; i + 3 <= word.length; i += 1) {
        const t = this.trigramIds.get(word[i]! + word[i + 1]! + word[i + 2]!);
        if (t === undefined) return [];
        lists.push(this.trigramPostings[t]!.view());
      }
    }
    lists.sort((a, b) => a.length - b.length);
    let candidates = lists[0];
    // Narrowed by the next rarest lists while many remain: a pass over a list costs less than
    // comparing a name's text.
    for (let i = 1; candidates !== undefined && i < lists.length && candidates.length > 16; i += 1) {
      candidates = narrow(candidates, lists[i]!);
    }
    const out: number[] = [];
    const add = (name: number) => {
      if (this.nameText[name]!.includes(q)) out.push(name);
    };
    if (candidates !== undefined) for (const name of candidates) add(name);
    else for (let name = 0; name < this.nameText.length; name += 1) add(name);
    return out;
  }

  /**
   * Names like the text word by word (`name %> q`), with their similarity. A name reaches the threshold only if it has
   * that share of the text's trigrams, so it has one of the rarest (count − needed + 1) of them:
   * only names in those lists are compared (pg_trgm's index filters likewise).
   */
  private similarNames(query: QueryTrigrams, counts: Uint8Array, similarity: Float32Array, compared: Grow<Int32Array>): number[] {
    let needed = 1;
    while (needed <= query.count && Math.fround(needed / query.count) < WORD_SIMILARITY_THRESHOLD) needed += 1;
    // The text's trigrams no name has are the rarest lists of all (empty).
    const trigrams = [...query.ids].sort((a, b) => this.trigramPostings[a]!.length - this.trigramPostings[b]!.length);
    const scan = query.count - needed + 1 - (query.count - query.ids.length);
    if (query.count === 0 || scan <= 0) return [];
    // How many of the text's trigrams each name has (`counts`, zero again on return): an upper bound
    // of its similarity, checked before the exact (and dearer) computation.
    const touched = this.scratchTouched.clear();
    // Candidates come from the rarest lists only; the others just count: a long list's by looking
    // each candidate up in its bits, when they are fewer than half of it.
    for (let i = 0; i < trigrams.length; i += 1) {
      const list = this.trigramPostings[trigrams[i]!]!;
      const bits = this.trigramBits[trigrams[i]!];
      if (i >= scan && bits !== undefined && touched.length * 2 < list.length) {
        const candidates = touched.data;
        for (let k = 0; k < touched.length; k += 1) {
          const name = candidates[k]!;
          const count = counts[name]!;
          if ((bits[name >> 5]! & (1 << (name & 31))) !== 0 && count < 255) counts[name] = count + 1;
        }
        continue;
      }
      const names = list.data;
      for (let j = 0; j < list.length; j += 1) {
        const name = names[j]!;
        const count = counts[name]!;
        if (count === 0) {
          if (i >= scan) continue;
          touched.push(name);
        }
        if (count < 255) counts[name] = count + 1;
      }
    }
    const out: number[] = [];
    for (let k = 0; k < touched.length; k += 1) {
      const name = touched.data[k]!;
      if (counts[name]! < needed) continue;
      if (this.markedSimilarity(query, name, similarity, compared) >= WORD_SIMILARITY_THRESHOLD) out.push(name);
    }
    for (let k = 0; k < touched.length; k += 1) counts[touched.data[k]!] = 0;
    return out;
  }
}

/** The live slots a text matches, each once, in the order found (`marks`: zero for each slot, and again after `clear`). */
class Matched {
  constructor(
    /** Empty. */
    private readonly found: Grow<Int32Array>,
    private readonly marks: Uint8Array,
    private readonly alive: Uint8Array,
  ) {}

  /** The first `limit` slots found. */
  first(limit: number): Int32Array {
    return this.found.view().slice(0, limit);
  }

  /** Unmarks the slots found. */
  clear(): void {
    for (let i = 0; i < this.found.length; i += 1) this.marks[this.found.data[i]!] = 0;
  }

  add(slot: number): void {
    if (this.alive[slot] === 1 && this.marks[slot] === 0) {
      this.marks[slot] = 1;
      this.found.push(slot);
    }
  }
}

/**
 * `@@` from which of the query's lexemes a match has (`present[i]`: `lexemes[i]`); undefined from
 * the test of a tree with phrases, which need positions (`docMatches`).
 */
function presenceTest(root: QueryNode | null, lexemes: readonly string[]): (present: Uint8Array) => boolean | undefined {
  if (hasPhrase(root)) return () => undefined;
  const compile = (node: QueryNode | null): ((present: Uint8Array) => boolean) => {
    if (node === null) return () => false;
    if (node.op === 'lexeme') {
      const i = lexemes.indexOf(node.lexeme);
      return (present) => i >= 0 && present[i] === 1;
    }
    const left = compile(node.left);
    const right = compile(node.right);
    return node.op === '&' ? (present) => left(present) && right(present) : (present) => left(present) || right(present);
  };
  return compile(root);
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i += 1;
    else if (a[i]! > b[j]!) j += 1;
    else {
      out[n++] = a[i]!;
      i += 1;
      j += 1;
    }
  }
  return out.subarray(0, n);
}

/** The ascending `candidates` also in the ascending `list`: few against a long list, each by bisection. */
function narrow(candidates: Int32Array, list: Int32Array): Int32Array {
  if (candidates.length * 16 >= list.length) return intersect(candidates, list);
  const out = new Int32Array(candidates.length);
  let n = 0;
  let lo = 0;
  for (const name of candidates) {
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! < name) lo = mid + 1;
      else hi = mid;
    }
    if (lo < list.length && list[lo] === name) out[n++] = name;
  }
  return out.subarray(0, n);
}

function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out[n++] = a[i++]!;
    else if (i >= a.length || b[j]! < a[i]!) out[n++] = b[j++]!;
    else {
      out[n++] = a[i++]!;
      j += 1;
    }
  }
  return out.subarray(0, n);
}
