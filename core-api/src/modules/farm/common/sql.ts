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

