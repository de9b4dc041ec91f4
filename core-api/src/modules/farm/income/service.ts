import type { CropIncome, IncomeEntry } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import { MAX_KES, type CreateIncomeInput, type UpdateIncomeInput } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { cropSales } from '../../market';
import { NOT_FOUND, accessChild, deleteChild, orThrow } from '../common/access';
import * as repo from './repository';

type Db = Kysely<Database>;

// Income is the farm's books: read by the roles that see money ('money:read'), written by those who
// keep them ('cost:write'), as costs are.

/** A sale's total when the farmer gave none: quantity × price, to the shilling. */
function totalOf(quantity: number, pricePerUnit: number): number {
  const total = Math.round(quantity * pricePerUnit);
  if (total > MAX_KES) throw new ApiError(400, 'total: is too large');
  return total;
}

export async function cropIncome(db: Db, userId: string, cropId: string): Promise<CropIncome> {
  await accessChild(db, userId, 'crops', cropId, 'money:read', NOT_FOUND.crop);
  const manual = await repo.incomeOfCrops(db, [cropId]);
  const market = (await cropSales(db, [cropId])).map(({ cropId: _c, receipts: _r, ...sale }) => sale);
  const manualTotal = manual.reduce((sum, i) => sum + i.total, 0);
  const marketTotal = market.reduce((sum, s) => sum + s.total, 0);
  return { manual, market, manualTotal, marketTotal, total: manualTotal + marketTotal };
}

export async function createIncome(db: Db, userId: string, cropId: string, input: CreateIncomeInput): Promise<IncomeEntry> {
  const { farmId } = await accessChild(db, userId, 'crops', cropId, 'cost:write', NOT_FOUND.crop);
  const total = input.total ?? totalOf(input.quantity, input.pricePerUnit);
  const id = await repo.insertIncome(db, userId, farmId, cropId, { ...input, total });
  return orThrow(await repo.getIncome(db, id), NOT_FOUND.income);
}

export async function updateIncome(db: Db, userId: string, incomeId: string, input: UpdateIncomeInput): Promise<IncomeEntry> {
  await accessChild(db, userId, 'crop_income', incomeId, 'cost:write', NOT_FOUND.income);
  const stored = orThrow(await repo.incomeRef(db, incomeId), NOT_FOUND.income);
  let total = input.total;
  // A new quantity or price without a total keeps the total in step with them.
  if (total === undefined && (input.quantity !== undefined || input.pricePerUnit !== undefined)) {
    total = totalOf(input.quantity ?? stored.quantity, input.pricePerUnit ?? stored.price_per_unit);
  }
  await repo.updateIncome(db, incomeId, { ...input, total });
  return orThrow(await repo.getIncome(db, incomeId), NOT_FOUND.income);
}

export async function deleteIncome(db: Db, userId: string, incomeId: string): Promise<void> {
  await deleteChild(db, userId, 'crop_income', incomeId, 'cost:write', NOT_FOUND.income);
}
