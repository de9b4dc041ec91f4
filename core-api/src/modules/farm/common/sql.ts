import { sql } from 'kysely';

export const dateText = (column: string) => sql<string>`${sql.ref(column)}::text`;
export const nullableDateText = (column: string) => sql<string | null>`${sql.ref(column)}::text`;

// A list row's names come from scalar subqueries rather than joins: one table plus the membership
// semi-join plans far faster than six joined tables, and each name is one primary-key lookup for the
// rows shown (README, "Farm query plans").
type NamedTable = 'farms' | 'fields' | 'seasons' | 'crops';
export const nameOf = (table: NamedTable, idColumn: string) =>
  sql<string>`(select name from ${sql.table(table)} where id = ${sql.ref(idColumn)})`;
export const optionalNameOf = (table: NamedTable, idColumn: string) =>
  sql<string | null>`(select name from ${sql.table(table)} where id = ${sql.ref(idColumn)})`;
export const userNameOf = (idColumn: string) =>
  sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.email) from users u where u.id = ${sql.ref(idColumn)})`;

type Ref = 'farm' | 'field' | 'season' | 'crop';
const REF_TABLE = { farm: 'farms', field: 'fields', season: 'seasons', crop: 'crops' } as const;

/** A row's required reference as two columns: `c.field_id` → fieldId and fieldName. */
export function idAndName<R extends Ref>(alias: string, ref: R) {
  const id = `${alias}.${ref}_id`;
  return [sql<string>`${sql.ref(id)}`.as(`${ref}Id`), nameOf(REF_TABLE[ref], id).as(`${ref}Name`)] as const;
}

/** The same for a reference that may be null (a season without a field). */
export function optionalIdAndName<R extends Ref>(alias: string, ref: R) {
  const id = `${alias}.${ref}_id`;
  return [sql<string | null>`${sql.ref(id)}`.as(`${ref}Id`), optionalNameOf(REF_TABLE[ref], id).as(`${ref}Name`)] as const;
}
