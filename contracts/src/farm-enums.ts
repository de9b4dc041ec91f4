import { z } from 'zod';

// The farm contract's enumerations as zod schemas; the values themselves are in farm-values.ts.

import {
  FARM_ROLES,
  ASSIGNABLE_FARM_ROLES,
  FARM_STATUSES,
  FIELD_UNITS,
  FIELD_STATUSES,
  SEASON_STATUSES,
  CROP_STATUSES,
  ACTIVITY_STATUSES,
  FARM_USER_STATUSES,
  ACTIVITY_TYPES,
  BUDGET_CATEGORIES,
} from './farm-values';

export * from './farm-values';

export const farmRole = z.enum(FARM_ROLES);
export const farmStatus = z.enum(FARM_STATUSES);
export const fieldUnit = z.enum(FIELD_UNITS);
export const fieldStatus = z.enum(FIELD_STATUSES);
export const seasonStatus = z.enum(SEASON_STATUSES);
export const cropStatus = z.enum(CROP_STATUSES);
export const activityStatus = z.enum(ACTIVITY_STATUSES);
export const farmUserStatus = z.enum(FARM_USER_STATUSES);
export const activityType = z.enum(ACTIVITY_TYPES);
export const budgetCategory = z.enum(BUDGET_CATEGORIES);

export type FarmRole = z.infer<typeof farmRole>;
export type AssignableFarmRole = (typeof ASSIGNABLE_FARM_ROLES)[number];
export type FarmStatus = z.infer<typeof farmStatus>;
export type FieldUnit = z.infer<typeof fieldUnit>;
export type FieldStatus = z.infer<typeof fieldStatus>;
export type SeasonStatus = z.infer<typeof seasonStatus>;
export type CropStatus = z.infer<typeof cropStatus>;
export type ActivityStatus = z.infer<typeof activityStatus>;
export type FarmUserStatus = z.infer<typeof farmUserStatus>;
export type ActivityType = z.infer<typeof activityType>;
export type BudgetCategory = z.infer<typeof budgetCategory>;
