import type { Field, FieldStatus, FieldUnit } from '@shambasoko/shared';
import type { Kysely } from 'kysely';
import { camel } from '../../../db/camel';
import type { Database } from '../../../db/schema';
import { type CreateFieldInput, FIELD_STATUSES, type FieldSortKey } from '@shambasoko/shared/contracts';
import { type ListOptions, type Page, type SortTable, likePattern, listPage, statusesMatching } from '../common/list';
import { type Access, JOINED, genericFor, listAccess, visibleTo } from '../common/list-access';
import { updateRow } from '../common/repository';
import { dateText, nameOf } from '../common/sql';

type Db = Kysely<Database>;

const FIELD_SORTS = {
  keys: {
    name: 'fl.name',
    size: 'fl.size',
    cropType: 'fl.crop_type',
    plantingDate: 'fl.planting_date',
    status: 'fl.status',
    farmName: '"farmName"',
    createdAt: 'fl.created_at',
  } satisfies Record<FieldSortKey, string>,
  fallback: 'name',
  tieBreaker: 'fl.id',
} satisfies SortTable;

export interface FieldFilters {
  farmId?: string | undefined;
  status?: FieldStatus | undefined;
}

/** The rows a caller may see, before joins: filters and counts need nothing else. */
function fieldQuery(db: Db, userId: string, access: Access = JOINED) {
  return db
    .selectFrom('fields as fl')
    .where(visibleTo(db, userId, 'fl.farm_id', access));
}

function selectFieldColumns(qb: ReturnType<typeof fieldQuery>) {
  return qb
    .select([
      'fl.id',
      'fl.farm_id as farmId',
      nameOf('farms', 'fl.farm_id').as('farmName'),
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
  let base = fieldQuery(db, userId, access);
  if (filters.status) base = base.where('fl.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    const statuses = statusesMatching(FIELD_STATUSES, options.search);
    base = base.where((eb) =>
      eb.or([eb('fl.name', 'ilike', p), eb('fl.crop_type', 'ilike', p), ...(statuses.length > 0 ? [eb('fl.status', 'in', statuses)] : [])]),
    );
  }
  return listPage(db, base, selectFieldColumns, FIELD_SORTS, toField, options, { userId, farmId: filters.farmId }, genericFor(access, options));
}

export async function getField(db: Db, userId: string, fieldId: string): Promise<Field | undefined> {
  const row = await selectFieldColumns(fieldQuery(db, userId)).where('fl.id', '=', fieldId).executeTakeFirst();
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
