import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import * as repo from './repository';

// A field, season or crop named in a body must belong to the farm (and to each other).

type Db = Kysely<Database>;

export async function checkField(db: Db, farmId: string, fieldId: string): Promise<void> {
  const field = await repo.fieldRef(db, fieldId);
  if (field?.farm_id !== farmId) throw new ApiError(400, 'The field does not belong to this farm');
}

export async function checkSeason(db: Db, farmId: string, seasonId: string, fieldId: string | null | undefined) {
  const season = await repo.seasonRef(db, seasonId);
  if (season?.farm_id !== farmId) throw new ApiError(400, 'The season does not belong to this farm');
  if (fieldId && season.field_id !== null && season.field_id !== fieldId) {
    throw new ApiError(400, 'The season does not belong to this field');
  }
  return season;
}

async function checkCrop(
  db: Db,
  farmId: string,
  cropId: string,
  fieldId: string | null | undefined,
  seasonId: string | null | undefined,
): Promise<void> {
  const crop = await repo.cropRef(db, cropId);
  if (crop?.farm_id !== farmId) throw new ApiError(400, 'The crop does not belong to this farm');
  if (fieldId && crop.field_id !== fieldId) throw new ApiError(400, 'The crop does not belong to this field');
  if (seasonId && crop.season_id !== seasonId) throw new ApiError(400, 'The crop does not belong to this season');
}

/** Checks whichever of field, season and crop are set, in that order, against each other. */
export async function checkRefs(
  db: Db,
  farmId: string,
  refs: { fieldId?: string | null | undefined; seasonId?: string | null | undefined; cropId?: string | null | undefined },
): Promise<void> {
  if (refs.fieldId) await checkField(db, farmId, refs.fieldId);
  if (refs.seasonId) await checkSeason(db, farmId, refs.seasonId, refs.fieldId);
  if (refs.cropId) await checkCrop(db, farmId, refs.cropId, refs.fieldId, refs.seasonId);
}

export function checkDates(start: string, end: string, message: string): void {
  // ISO dates compare correctly as text.
  if (end < start) throw new ApiError(400, message);
}
