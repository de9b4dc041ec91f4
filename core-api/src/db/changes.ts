import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';

/**
 * An `update`'s condition that at least one of `values`' columns differs from what the row holds
 * (`is distinct from`: null-safe); undefined values are left out. With it, an edit that changes nothing
 * writes nothing: no new row version, no trigger, no new `updated_at`. No columns: never true.
 */
export function anyDiffers<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, values: object): Expression<SqlBool> {
  return eb.or(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([column, value]) => eb(column as never, 'is distinct from', value as never)),
  );
}
