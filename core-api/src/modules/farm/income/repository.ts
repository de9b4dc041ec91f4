import type { IncomeEntry } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { CreateIncomeInput, UpdateIncomeInput } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { updateRow } from '../common/repository';
import { dateText } from '../common/sql';

type Db = Kysely<Database>;

function selectIncome(db: Db) {
  return db
    .selectFrom('crop_income as i')
    .select([
      'i.id',
      'i.farm_id as farmId',
      'i.crop_id as cropId',
      dateText('i.sale_date').as('date'),
      'i.buyer',
      'i.quantity',
      'i.unit',
      'i.price_per_unit as pricePerUnit',
      'i.total',
      'i.payment_method as paymentMethod',
    ]);
}

export async function incomeOfCrops(db: Db, cropIds: readonly string[]): Promise<IncomeEntry[]> {
  if (cropIds.length === 0) return [];
  const rows = await selectIncome(db)
    .where('i.crop_id', 'in', [...cropIds])
    .orderBy('i.sale_date')
    .orderBy('i.created_at')
    .execute();
  return rows as IncomeEntry[];
}

export async function getIncome(db: Db, incomeId: string): Promise<IncomeEntry | undefined> {
  return (await selectIncome(db).where('i.id', '=', incomeId).executeTakeFirst()) as IncomeEntry | undefined;
}

export async function incomeRef(db: Db, incomeId: string) {
  return db.selectFrom('crop_income').select(['quantity', 'price_per_unit', 'total']).where('id', '=', incomeId).executeTakeFirst();
}

export async function insertIncome(
  db: Db,
  userId: string,
  farmId: string,
  cropId: string,
  input: CreateIncomeInput & { total: number },
): Promise<string> {
  const row = await db
    .insertInto('crop_income')
    .values({
      farm_id: farmId,
      crop_id: cropId,
      sale_date: input.date,
      buyer: input.buyer ?? '',
      quantity: input.quantity,
      unit: input.unit,
      price_per_unit: input.pricePerUnit,
      total: input.total,
      payment_method: input.paymentMethod,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateIncome(db: Db, incomeId: string, input: UpdateIncomeInput): Promise<void> {
  const { date, ...columns } = input;
  await updateRow(db, 'crop_income', incomeId, { ...columns, saleDate: date });
}
