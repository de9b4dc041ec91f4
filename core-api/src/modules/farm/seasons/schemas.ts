import { z } from 'zod';
import { SEASON_STATUSES } from '../common/constants';
import { date, filterEnum, filterId, id, listQuery, oneOf, optionalRef, text } from '../common/schemas';

/** The keys `sort` accepts (each also with a "-" for descending); the repository maps them to SQL. */
export const SEASON_SORT_KEYS = ['name', 'cropType', 'startDate', 'endDate', 'status', 'farmName', 'createdAt'] as const;
export type SeasonSortKey = (typeof SEASON_SORT_KEYS)[number];

export const seasonParams = z.object({ seasonId: id() });
export const seasonsQuery = listQuery(SEASON_SORT_KEYS, { farmId: filterId(), fieldId: filterId(), status: filterEnum(SEASON_STATUSES) });

const seasonShape = {
  fieldId: optionalRef(),
  name: text(),
  cropType: text(),
  startDate: date(),
  endDate: date(),
  status: oneOf(SEASON_STATUSES).optional(),
};
export const createSeasonBody = z.object({ farmId: id(), ...seasonShape });
export const updateSeasonBody = z.object(seasonShape).partial();

export type SeasonInput = z.infer<typeof createSeasonBody>;
export type SeasonUpdate = z.infer<typeof updateSeasonBody>;
