import type { Dashboard, FarmFilters } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { assertCanRead } from '../common/access';
import * as repo from './repository';

type Db = Kysely<Database>;

export function getDashboard(db: Db, userId: string): Promise<Dashboard> {
  return repo.dashboard(db, userId);
}

export async function getFilterOptions(db: Db, userId: string, scope: repo.OptionScope): Promise<FarmFilters> {
  await assertCanRead(db, userId, scope.farmId);
  return repo.filterOptions(db, userId, scope);
}
