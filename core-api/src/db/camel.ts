import { CamelCasePlugin, type Kysely } from 'kysely';
import type { Database } from './schema';

// Writes that take the API's camelCase input as is: `camel(db).insertInto('crops').values({ farmId, ... })`.
// The plugin renames every identifier of a statement and every result column, so use it for whole
// write statements; reads keep `db`, where hand-written SQL (sql.ref, raw fragments) names columns
// in snake_case. Table names stay snake_case: the plugin leaves a name without capitals unchanged.

/** `planted_date` → `plantedDate`, `card_last4` → `cardLast4`. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

type CamelColumns<Table> = { [Column in keyof Table as Column extends string ? CamelCase<Column> : Column]: Table[Column] };

/** `Database` with camelCase column names. */
export type CamelDatabase = { [Table in keyof Database]: CamelColumns<Database[Table]> };

/**
 * The default options match the schema: `cardLast4` maps back to `card_last4` (no underscore
 * before a digit), and nested JSON values keep their keys.
 */
export function camel(db: Kysely<Database>): Kysely<CamelDatabase> {
  return db.withPlugin(new CamelCasePlugin({ maintainNestedObjectKeys: true })) as unknown as Kysely<CamelDatabase>;
}
