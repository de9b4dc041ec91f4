import type { Field, FieldStatus, FieldUnit } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import { camel } from '../../../db/camel';
import type { Database } from '../../../db/schema';
import { type CreateFieldInput, FIELD_STATUSES, type FieldSortKey, type fieldsQuery } from '@shambasoko/contracts';
import { type ListOptions, type Page, type SortTable, likePattern, listPage, sortTable, statusesMatching } from '../common/list';
import { genericFor, listAccess } from '../common/list-access';
import { type FilterColumns, type FiltersOf, type ScopedRows, scopedRows, whereFilters, scopedRowById } from '../common/scoped-rows';
import { updateRow } from '../common/repository';
import { dateText, idAndName } from '../common/sql';

type Db = Kysely<Database>;

const FIELD_SORTS = sortTable(
  'fl',
  ['name', 'size', 'cropType', 'plantingDate', 'status', 'createdAt'],
  { farmName: '"farmName"' },
  { fallback: 'name' },
) satisfies SortTable<FieldSortKey>;

export type FieldFilters = FiltersOf<typeof fieldsQuery>;
const FIELD_FILTERS = { status: 'fl.status' } satisfies FilterColumns<FieldFilters>;

function selectFieldColumns(qb: ScopedRows<'fields', 'fl'>) {
  return qb.select([
    'fl.id',
    ...idAndName('fl', 'farm'),
    'fl.name',
    'fl.size',
    'fl.unit',
    'fl.crop_type as cropType',
    dateText('fl.planting_date').as('plantingDate'),
    'fl.status',
    'fl.location',
  ]);
}

type FieldRow = Awaited<ReturnType<ReturnType<typeof selectFieldColumns>['executeTakeFirstOrThrow']>>;

function toField(row: FieldRow): Field {
  return { ...row, size: Number(row.size), unit: row.unit as FieldUnit, status: row.status as FieldStatus };
}

export async function listFields(db: Db, userId: string, filters: FieldFilters, options: ListOptions): Promise<Page<Field> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  let base = whereFilters(scopedRows(db, 'fields', 'fl', userId, access), filters, FIELD_FILTERS);
  if (options.search) {
    const p = likePattern(options.search);
    const statuses = statusesMatching(FIELD_STATUSES, options.search);
    base = base.where((eb) =>
      eb.or([eb('fl.name', 'ilike', p), eb('fl.crop_type', 'ilike', p), ...(statuses.length > 0 ? [eb('fl.status', 'in', statuses)] : [])]),
    );
  }
  return listPage(
    db,
    base,
    selectFieldColumns,
    FIELD_SORTS,
    toField,
    options,
    { userId, farmId: filters.farmId },
    genericFor(access, options),
  );
}

export async function getField(db: Db, userId: string, fieldId: string): Promise<Field | undefined> {
  const row = await selectFieldColumns(scopedRowById(db, 'fields', 'fl', userId))
    .where('fl.id', '=', fieldId)
    .executeTakeFirst();
  return row && toField(row);
}

export async function insertField(db: Db, farmId: string, input: CreateFieldInput, plantingDate: string): Promise<string> {
  const row = await camel(db)
    .insertInto('fields')
    .values({
      ...input,
      farmId,
      unit: input.unit ?? 'hectares',
      plantingDate: input.plantingDate ?? plantingDate,
      status: input.status ?? 'planted',
      location: input.location ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateField(db: Db, fieldId: string, input: Partial<CreateFieldInput>): Promise<void> {
  await updateRow(db, 'fields', fieldId, input);
}
