import { type Kysely, sql } from 'kysely';

// Product kinds (issue 42): a listing may name its kind (contracts/src/product-kinds.ts) so prices
// from real sales compare like with like. Text, not an enum: the taxonomy grows without a migration, and
// the contract refuses unknown ids on the way in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column kind text check (kind ~ '^[a-z_]{2,40}$')`.execute(db);
  // The price figures read one kind in one county (or all of Kenya).
  await sql`create index products_kind_county on products (kind, county) where kind is not null`.execute(db);
  // Obvious names only, first match wins: seed before grain, fertiliser by its name.
  const rules: ReadonlyArray<readonly [string, string, string]> = [
    ['maize_seed', 'supplies', String.raw`\mmaize seed`],
    ['bean_seed', 'supplies', String.raw`\mbean seed`],
    ['dap', 'supplies', String.raw`\mdap\M`],
    ['can', 'supplies', String.raw`\mcan fertili[sz]er`],
    ['npk', 'supplies', String.raw`\mnpk\M`],
    ['dairy_meal', 'supplies', String.raw`\mdairy meal`],
    ['maize', 'crops', String.raw`\mmaize\M`],
    ['beans', 'crops', String.raw`\mbeans\M`],
    ['sweet_potatoes', 'crops', String.raw`\msweet potato`],
    ['potatoes', 'crops', String.raw`\mpotato`],
    ['tomatoes', 'crops', String.raw`\mtomatoes\M`],
    ['avocados', 'crops', String.raw`\mavocado`],
    ['onions', 'crops', String.raw`\monions?\M`],
    ['cabbages', 'crops', String.raw`\mcabbages?\M`],
    ['kale', 'crops', String.raw`\m(kale|sukuma)\M`],
    ['bananas', 'crops', String.raw`\m(bananas?|matoke)\M`],
    ['mangoes', 'crops', String.raw`\mmangoe?s?\M`],
    ['milk', 'crops', String.raw`\mmilk\M`],
    ['eggs', 'crops', String.raw`\meggs\M`],
  ];
  for (const [kind, category, pattern] of rules) {
    // "Maize Seed" is no maize, a "Maize Sheller" no grain.
    const unless = kind.endsWith('_seed') ? '^$' : String.raw`\m(seeds?|seedlings?|sheller)\M`;
    await sql`update products set kind = ${kind} where kind is null and category = ${category} and name ~* ${pattern} and name !~* ${unless}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products drop column kind`.execute(db);
}
