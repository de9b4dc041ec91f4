import { z } from 'zod';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES } from '../common/constants';
import { date, filterEnum, filterId, id, listQuery, oneOf, optionalRef, optionalText } from '../common/schemas';

/** The keys `sort` accepts (each also with a "-" for descending); the repository maps them to SQL. */
export const ACTIVITY_SORT_KEYS = ['name', 'status', 'dueDate', 'farmName', 'fieldName', 'createdAt'] as const;
export type ActivitySortKey = (typeof ACTIVITY_SORT_KEYS)[number];

export const activityParams = z.object({ activityId: id() });
export const activitiesQuery = listQuery(ACTIVITY_SORT_KEYS, {
  farmId: filterId(),
  fieldId: filterId(),
  seasonId: filterId(),
  cropId: filterId(),
  userId: filterId(),
  status: filterEnum(ACTIVITY_STATUSES),
});

const activityShape = {
  fieldId: id(),
  seasonId: optionalRef(),
  cropId: optionalRef(),
  name: oneOf(ACTIVITY_TYPES),
  userId: optionalRef(),
  dueDate: z.preprocess((value) => (value === '' ? null : value), date().nullable().optional()),
  notes: optionalText(),
  status: oneOf(ACTIVITY_STATUSES).optional(),
};
export const createActivityBody = z.object({ farmId: id(), ...activityShape });
export const updateActivityBody = z.object(activityShape).partial();

export type ActivityInput = z.infer<typeof createActivityBody>;
export type ActivityUpdate = z.infer<typeof updateActivityBody>;
