import { sql } from 'kysely';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { createShop } from '../../../testing/shops';
import * as pgText from './pg-text';
import { isAscii, trigramsOf, wordSimilarity } from './pg-text';
import { type TextMatchRow, findIndexRows, findIndexVersions, findTextMatches } from './repository';
import { TextIndex } from './text-index';
import { TextMatches, rankMatches } from './text-ranking';
import { PRODUCT_CATEGORIES } from '@shambasoko/contracts';
import { StatementCounter } from '../../../db/statement-counter';

let t: TestApp;
useTestApp((app) => (t = app));

/**
 * Matches sorted by id, each with its relevance: the index's as it hands them, the SQL path's as the
 * service keeps them (`TextMatches.of`, which numbers their counties and categories as the index does).
 */
const byId = (found: readonly TextMatchRow[] | TextMatches) => {
  const matches = found instanceof TextMatches ? found : TextMatches.of(found);
  return matches.rows.map((row, i) => ({ ...row, relevance: matches.relevance[i]! })).sort((a, b) => (a.id < b.id ? -1 : 1));
};

/** The catalog's words, some misspelt, in pairs, with Kiswahili synonyms, stop words and punctuation. */
async function texts(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from products order by id`.execute(t.db);
  const words = [...new Set(rows.flatMap((r) => r.name.toLowerCase().split(/\s+/)))].filter((w) => w.length > 0);
  const out = new Set<string>([
    'maize',
    'mbolea',
    'mbegu za mahindi',
    'fertilizer',
    'fertilizr',
    'tomatoe',
    'mbolae',
    'kg',
    'the',
    'and or',
    '50%',
    'maize, seed!',
    "farmer's",
    'a',
    'hybrid maize seed 2kg',
    'qxzv',
    'maize qx1a',
    '"maize seed"',
    '"drip irrigation kit"',
    '"maize of seed"',
    '¼ acre',
    '8 m × 15 m',
    'café',
    'ÉLEVAGE',
    // tsquery syntax typed as text: websearch_to_tsquery reads it, the index reads what it wrote.
    '\\',
    "'''",
    "o'brien's maize",
    'maize:*',
    'maize & seed | kale',
    '!maize',
    'maize <-> seed',
    '(maize',
    'seed)',
    "ng'ombe",
    'maize or seed',
    '"maize',
  ]);
  words.forEach((word, i) => {
    out.add(word);
    if (word.length > 4) out.add(word.slice(0, 2) + word.slice(3));
    if (word.length > 3) out.add(`${word.slice(0, -1)}${word.at(-1)}${word.at(-1)}`);
    out.add(`${word} ${words[(i * 7 + 3) % words.length]}`);
  });
  return [...out].map((text) => text.trim().replace(/\s+/g, ' ').toLowerCase());
}

/** In-stock products with these names and no description, like the catalog's first active one otherwise. */
async function insertNamed(slug: string, names: readonly string[]): Promise<void> {
  await sql`
    insert into products (slug, seller_id, name, category, description, price, county, stock_quantity, unit)
    select ${slug} || '-' || r.i, p.seller_id, r.name, p.category, '', p.price + r.i, p.county, 5, p.unit
    from jsonb_to_recordset(${JSON.stringify(names.map((name, i) => ({ name, i })))}::jsonb) as r(name text, i int)
    cross join (select * from products where status = 'active' order by id limit 1) p
  `.execute(t.db);
}

describe('the search index (issue 43)', () => {
  it('matches and ranks every text as the SQL statement does: same products, same relevance to the last bit, as typed and with typos', async () => {
    const index = new TextIndex();
    expect(await index.ready(t.db)).toBe(true);
    const all = await texts();
    expect(all.length).toBeGreaterThan(100);
    let answered = 0;
    const declined: string[] = [];
    for (const q of all) {
      const queries = await index.queries(t.db, q);
      for (const typos of [false, true]) {
        const sqlRows = await findTextMatches(t.db, q, typos, 100_000);
        const memory = queries === null ? undefined : index.matches(q, typos, queries, 100_000);
        if (memory === undefined) {
          declined.push(`${q}/${typos}`);
          continue;
        }
        answered += 1;
        expect({ q, typos, rows: byId(memory) }).toEqual({ q, typos, rows: byId(sqlRows) });
      }
    }
    // Texts with punctuation only websearch_to_tsquery reads as syntax are still answered.
    expect(declined).toEqual([]);
    expect(answered).toBeGreaterThan(all.length * 2 - 10);
  }, 120_000);

  it('matches and ranks random names, descriptions and texts as the SQL statement does (punctuation, repeats, digits, accents)', async () => {
    let seed = 62;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const WORDS = [
      'maize',
      'maizes',
      'seed',
      'seeds',
      'dap',
      'fertiliser',
      'fertilizer',
      'mbolea',
      'mahindi',
      'kale',
      'sukuma',
      'wiki',
      'heavy-duty',
      "farmer's",
      'drip',
      'kit',
      '50kg',
      '½',
      'café',
      'NPK',
      '17:17:17',
      'x',
      'the',
      'and',
      'of',
      'hybrid',
      'h614d',
      'tomato',
      'tomatoes',
      'nyanya',
      'dairy',
      'meal',
      'layers',
      'mash',
      '10%',
      'a_b',
      'pump',
      'solar',
      'élite',
    ];
    const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
    const phrase = (n: number) => Array.from({ length: 1 + Math.floor(random() * n) }, pick).join(random() < 0.2 ? ', ' : ' ');
    const products = Array.from({ length: 300 }, (_, i) => ({ name: phrase(6), description: phrase(14), i }));
    await sql`
      insert into products (slug, seller_id, name, category, description, price, county, stock_quantity, unit)
      select 'random-' || r.i, p.seller_id, r.name, p.category, r.description, p.price + r.i, p.county, r.i % 4, p.unit
      from jsonb_to_recordset(${JSON.stringify(products)}::jsonb) as r(name text, description text, i int)
      cross join (select * from products where status = 'active' order by id limit 1) p
    `.execute(t.db);
    const index = new TextIndex();
    expect(await index.ready(t.db)).toBe(true);
    let answered = 0;
    for (let n = 0; n < 150; n += 1) {
      const raw = phrase(3);
      // Some misspelt: a letter dropped or doubled.
      const q = (random() < 0.3 && raw.length > 4 ? raw.slice(0, 2) + raw.slice(3) : random() < 0.2 ? raw + raw.at(-1) : raw).toLowerCase();
      const queries = await index.queries(t.db, q);
      for (const typos of [false, true]) {
        const memory = queries === null ? undefined : index.matches(q, typos, queries, 100_000);
        if (memory === undefined) continue;
        answered += 1;
        expect({ q, typos, rows: byId(memory) }).toEqual({ q, typos, rows: byId(await findTextMatches(t.db, q, typos, 100_000)) });
      }
    }
    expect(answered).toBeGreaterThan(250);
  }, 120_000);

  it("finds the names containing or like a text when a rare word's few names are looked up in a common word's long list", async () => {
    // 600 names with "kale", 30 with "zebu" (20 of them "zebu kale"): "zebu kale"'s candidates are the
    // "zebu" names, each looked for in the "kale" trigrams' lists. The index reads names in their
    // order: 400 after the "zebu" ones make it grow the long lists' bits after it has set theirs.
    const names = [
      ...Array.from({ length: 600 }, (_, i) => `Kale seedlings tray ${i}`),
      ...Array.from({ length: 20 }, (_, i) => `Zebu kale bundle ${i}`),
      ...Array.from({ length: 10 }, (_, i) => `Zebu feed with kale ${i}`),
      ...Array.from({ length: 400 }, (_, i) => `Zucchini kale mix ${i}`),
    ];
    await insertNamed('kale', names);
    const index = new TextIndex();
    expect(await index.ready(t.db)).toBe(true);
    // Misspelt, the "zebu" names are found by their similarity alone: they have the text's "zebu"
    // trigrams (the rarest, read through) and its "kale" ones (long lists, looked up name by name).
    for (const q of ['zebu kale', 'kale zebu', 'zebu', 'kale seedlings', 'zebu kalle', 'zebu bundel kale']) {
      const queries = await index.queries(t.db, q);
      for (const typos of [false, true]) {
        const memory = index.matches(q, typos, queries!, 100_000)!;
        expect({ q, typos, rows: byId(memory) }).toEqual({ q, typos, rows: byId(await findTextMatches(t.db, q, typos, 100_000)) });
      }
    }
    // Both kinds match as typed; only the 20 contain the text (their bonus, compared above).
    const queries = await index.queries(t.db, 'zebu kale');
    expect(index.matches('zebu kale', false, queries!, 100_000)!.rows).toHaveLength(30);
  }, 60_000);

  it('compares the names around one word once: names whose trigrams agree from the first of the text to the last share a similarity', async () => {
    // 200 names that differ only before "fertiliser" and after the "p" of "pack": one span for "fertiliser pump".
    const names = Array.from({ length: 200 }, (_, i) => `Shamba ${i} fertiliser pack ${i * 7} kg`);
    await insertNamed('span', names);
    const index = new TextIndex();
    expect(await index.ready(t.db)).toBe(true);
    const q = 'fertiliser pump';
    const queries = await index.queries(t.db, q);
    const computed = jest.spyOn(pgText, 'wordSimilarity');
    try {
      const memory = index.matches(q, true, queries!, 100_000)!;
      expect(memory.rows.length).toBeGreaterThanOrEqual(200);
      expect(byId(memory)).toEqual(byId(await findTextMatches(t.db, q, true, 100_000)));
      // Every catalog name like the text is compared, the 200 as one.
      expect(computed.mock.calls.length).toBeLessThan(100);
    } finally {
      computed.mockRestore();
    }
  });

  it("computes a match's relevance when a ranking needs it, from the lexemes its product had when it matched", async () => {
    const index = new TextIndex();
    expect(await index.ready(t.db)).toBe(true);
    const q = 'fertilizr';
    const memory = index.matches(q, true, (await index.queries(t.db, q))!, 100_000)!;
    const expected = byId(await findTextMatches(t.db, q, true, 100_000));
    const computed = () => [...memory.relevanceOf(new Int32Array(0))].map((value) => !Number.isNaN(value));
    expect(memory.rows.length).toBeGreaterThan(3);
    expect(computed().every((done) => !done)).toBe(true);
    // A sort by price reads no relevance; a county's ranking by relevance reads its matches' only.
    rankMatches(memory, { q, typos: true }, 'price_asc', PRODUCT_CATEGORIES, 20);
    expect(computed().every((done) => !done)).toBe(true);
    const county = memory.rows[0]!.county;
    rankMatches(memory, { q, typos: true, county }, 'relevance', PRODUCT_CATEGORIES, 20);
    expect(computed()).toEqual(memory.rows.map((row) => row.county === county));
    expect(computed()).toContain(false);

    // Every product changes twice and is read again each time: the index drops what the old copies
    // held (once they outnumber the live ones) before the other matches' relevance is computed.
    for (let round = 0; round < 2; round += 1) {
      await sql`update products set price = price + 1 where status = 'active'`.execute(t.db);
      index.changedAll();
      expect(await index.ready(t.db)).toBe(true);
    }
    expect(byId(memory)).toEqual(expected);
  });

  it("computes pg_trgm's word_similarity for any text and name", async () => {
    const { rows } = await sql<{ name: string }>`select name from products order by id limit 60`.execute(t.db);
    const queries = ['maize', 'maiz seed', 'tomatoe', 'fertilizr 50kg', 'x', 'kale kale', 'dap-fertiliser', '  hay  qx1a '];
    const pairs = queries.flatMap((q) => rows.map((r) => [q, r.name.toLowerCase()] as const)).filter(([, name]) => isAscii(name));
    const { rows: expected } = await sql<{ value: number }>`
      select word_similarity(q, name)::float8 as value from unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) as u(q, name)
    `.execute(t.db);
    // Every name's trigrams in one array, as the index keeps them: each read from its own place.
    const ids = new Map<string, number>();
    const id = (trigram: string) => ids.get(trigram) ?? ids.set(trigram, ids.size).size - 1;
    const names = pairs.map(([, name]) => trigramsOf(name, new Map()).map(id));
    const queryTrigrams = pairs.map(([q]) => [...new Set(trigramsOf(q, new Map()))].map(id));
    const pool = Int32Array.from(names.flat());
    const lastpos = new Int32Array(ids.size).fill(-1);
    let start = 0;
    const actual = names.map((name, i) => {
      const inQuery = new Uint8Array(ids.size);
      for (const t of queryTrigrams[i]!) inQuery[t] = 1;
      start += name.length;
      return wordSimilarity(inQuery, queryTrigrams[i]!.length, pool, start - name.length, start, lastpos);
    });
    expect(actual).toEqual(expected.map((r) => r.value));
  });

  it('reads the catalog the first time in the order of the names (names sharing words side by side in memory)', async () => {
    // Each name as the database lowercases it, compared byte by byte (the C collation).
    const names = async (ids: readonly string[]) => {
      const { rows } = await sql<{ id: string; name: string }>`
        select id, lower(name) as name from products where id = any(${[...ids]}::uuid[])
      `.execute(t.db);
      const nameOf = new Map(rows.map((r) => [r.id, Buffer.from(r.name)]));
      return ids.map((id) => nameOf.get(id)!);
    };
    const byName = (await findIndexVersions(t.db, true)).map((r) => r.id);
    const inOrder = await names(byName);
    expect(inOrder.length).toBeGreaterThan(10);
    expect(inOrder).toEqual([...inOrder].sort(Buffer.compare));
    // A batch of them read again: the same order.
    const batch = [...byName.slice(0, 20)].reverse();
    expect((await findIndexRows(t.db, batch)).map((r) => r.id)).toEqual(byName.slice(0, 20));
  });

  it('declines what it does not evaluate (the SQL path answers): negation, characters it has not asked the database about', async () => {
    const index = new TextIndex();
    expect(await index.ready(t.db)).toBe(true);
    expect(await index.queries(t.db, 'maize -seed')).toBeNull();
    const queries = await index.queries(t.db, 'mbolea ya kupandia');
    expect(index.matches('ñame', false, queries!, 100)).toBeUndefined();
  });

  it("reads the queries of the new texts asked for in one turn in one statement, each text's as it reads it alone", async () => {
    const alone = new TextIndex();
    const together = new TextIndex();
    expect(await alone.ready(t.db)).toBe(true);
    expect(await together.ready(t.db)).toBe(true);
    const asked = ['maize seed', 'mbolea ya kupandia', 'tomatoe', 'maize -seed', 'maize seed', '"dairy meal"', 'ñame'];
    const counter = new StatementCounter();
    const db = t.db.withPlugin(counter);
    let read: unknown[] = [];
    const statements = await counter.during(async () => (read = await Promise.all(asked.map((q) => together.queries(db, q)))));
    // One statement for the queries, one for the characters it had not asked about ('ñ').
    expect(statements).toBe(2);
    expect(read).toHaveLength(asked.length);
    for (const [i, q] of asked.entries()) expect(read[i]).toEqual(await alone.queries(t.db, q));
    // Known now: no statement.
    expect(await counter.during(() => together.queries(db, 'tomatoe'))).toBe(0);
  });

  it('reads a product named by a change before the next search, and everything again after a change without names', async () => {
    let clock = 1_000_000;
    const index = new TextIndex(() => clock);
    expect(await index.ready(t.db)).toBe(true);
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Zebrafruit' });
    const find = async (q: string) => {
      expect(await index.ready(t.db)).toBe(true);
      return index.matches(q, false, (await index.queries(t.db, q))!, 100)!.rows.map((r) => r.id);
    };
    // Not told yet: the index does not know it.
    expect(await find('zebrafruit')).toEqual([]);
    index.changed([shop.productId]);
    expect(await find('zebrafruit')).toEqual([shop.productId]);

    // Sold out: named by the stock change.
    await t.db.updateTable('products').set({ stock_quantity: 0 }).where('id', '=', shop.productId).execute();
    index.changed([shop.productId]);
    expect(
      (await index.ready(t.db)) && index.matches('zebrafruit', false, (await index.queries(t.db, 'zebrafruit'))!, 100)!.rows[0]?.in_stock,
    ).toBe(false);

    // Renamed (a change that names nothing): every product whose row moved is read again.
    await t.db.updateTable('products').set({ name: 'Quaggaberry' }).where('id', '=', shop.productId).execute();
    index.changed([]);
    expect(await find('quaggaberry')).toEqual([shop.productId]);
    expect(await find('zebrafruit')).toEqual([]);

    // A change no message told of shows after the minute's re-read.
    await t.db.updateTable('products').set({ name: 'Okapiplum' }).where('id', '=', shop.productId).execute();
    expect(await find('okapiplum')).toEqual([]);
    clock += 61_000;
    // The re-read runs behind: searches meanwhile answer from what the index holds.
    for (let i = 0; i < 100 && (await find('okapiplum')).length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await find('okapiplum')).toEqual([shop.productId]);
    index.changedAll();

    // Read again more times than there are products (an order each): a full read compacts what the
    // old copies held, and the answers still equal the statement's.
    const { count } = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    for (let i = 0; i <= Number(count); i += 1) {
      await t.db
        .updateTable('products')
        .set({ stock_quantity: 10 + (i % 3) })
        .where('id', '=', shop.productId)
        .execute();
      index.changed([shop.productId]);
      expect(await index.ready(t.db)).toBe(true);
    }
    index.changedAll();
    for (const q of ['okapiplum', 'maize', 'fertilizr']) {
      const typos = q === 'fertilizr';
      expect(await index.ready(t.db)).toBe(true);
      const memory = index.matches(q, typos, (await index.queries(t.db, q))!, 1000)!;
      expect(byId(memory)).toEqual(byId(await findTextMatches(t.db, q, typos, 1000)));
    }

    // Paused: gone.
    await t.db.updateTable('products').set({ status: 'paused' }).where('id', '=', shop.productId).execute();
    index.changed([shop.productId]);
    expect(await find('quaggaberry')).toEqual([]);
  });
});
