import type { BudgetPlan, BudgetSummary } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { NOT_FOUND, access, orThrow } from '../common/access';
import { BUDGET_CATEGORIES, type PutBudgetInput } from '@shambasoko/contracts';
import { assertCan } from '../common/permissions';
import { checkSeason } from '../common/refs';
import * as repo from './repository';

type Db = Kysely<Database>;

/** Every category in the spec's order, 0 where no line is planned yet, so a form can show them all. */
export async function getBudgetPlan(db: Db, userId: string, farmId: string, seasonId: string | null): Promise<BudgetPlan> {
  await access(db, userId, farmId, 'money:read');
  if (seasonId) await checkSeason(db, farmId, seasonId, undefined);
  const lines = await repo.budgetLines(db, farmId, seasonId);
  const planned = new Map(lines.map((line) => [line.category, Number(line.planned)]));
  return { items: BUDGET_CATEGORIES.map((category) => ({ category, planned: planned.get(category) ?? 0 })) };
}

export async function putBudget(db: Db, userId: string, input: PutBudgetInput): Promise<BudgetPlan> {
  await access(db, userId, input.farmId, 'budget:write');
  const seasonId = input.seasonId ?? null;
  if (seasonId) await checkSeason(db, input.farmId, seasonId, undefined);
  await repo.upsertBudget(db, { farmId: input.farmId, seasonId, category: input.category, planned: input.planned });
  return getBudgetPlan(db, userId, input.farmId, seasonId);
}

export async function getBudgetSummary(db: Db, userId: string, scope: repo.SummaryScope): Promise<BudgetSummary> {
  const { role, lines } = await repo.budgetByCategory(db, userId, scope);
  if (scope.farmId) assertCan(orThrow(role ?? undefined, NOT_FOUND.farm), 'money:read');
  const order = (name: string) => {
    const index = (BUDGET_CATEGORIES as readonly string[]).indexOf(name);
    return index === -1 ? BUDGET_CATEGORIES.length : index;
  };
  const categories = [...lines].sort((a, b) => order(a.name) - order(b.name));
  // Totals over at most nine category rows the database already summed.
  const planned = categories.reduce((sum, line) => sum + line.planned, 0);
  const actual = categories.reduce((sum, line) => sum + line.actual, 0);
  return {
    planned,
    actual,
    remaining: planned - actual,
    variance: planned - actual,
    percentage: planned === 0 ? 0 : Math.round((actual / planned) * 1000) / 10,
    categories,
  };
}
