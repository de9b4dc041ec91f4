import type { Season } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { NOT_FOUND, access, accessChild, deleteChild, getService, listService, orThrow } from '../common/access';
import { checkDates, checkField } from '../common/refs';
import { seasonRef } from '../common/repository';
import * as repo from './repository';
import type { CreateSeasonInput, UpdateSeasonInput } from '@shambasoko/contracts';

type Db = Kysely<Database>;

const END_BEFORE_START = 'The end date cannot be before the start date';

export const listSeasons = listService(repo.listSeasons);
export const getSeason = getService(repo.getSeason, NOT_FOUND.season);

export async function createSeason(db: Db, userId: string, input: CreateSeasonInput): Promise<Season> {
  await access(db, userId, input.farmId, 'season:write');
  if (input.fieldId) await checkField(db, input.farmId, input.fieldId);
  checkDates(input.startDate, input.endDate, END_BEFORE_START);
  const id = await repo.insertSeason(db, input);
  return getSeason(db, userId, id);
}

export async function updateSeason(db: Db, userId: string, seasonId: string, input: UpdateSeasonInput): Promise<Season> {
  const { farmId } = await accessChild(db, userId, 'seasons', seasonId, 'season:write', NOT_FOUND.season);
  if (input.fieldId) await checkField(db, farmId, input.fieldId);
  const current = orThrow(await seasonRef(db, seasonId), NOT_FOUND.season);
  checkDates(input.startDate ?? current.startDate, input.endDate ?? current.endDate, END_BEFORE_START);
  await repo.updateSeason(db, seasonId, input);
  return getSeason(db, userId, seasonId);
}

export async function deleteSeason(db: Db, userId: string, seasonId: string): Promise<void> {
  await deleteChild(db, userId, 'seasons', seasonId, 'season:write', NOT_FOUND.season);
}
