import { z } from 'zod';

// The farm contract's enumerations. The migrations' CHECK constraints list the same values
// (core-api's farm-checks.test.ts compares them).

export const FARM_ROLES = ['Owner', 'Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'] as const;
/** Add User never offers Owner (spec section 6). */
export const ASSIGNABLE_FARM_ROLES = ['Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'] as const;
export const FARM_STATUSES = ['active', 'inactive'] as const;
export const FIELD_UNITS = ['hectares', 'acres', 'square meters'] as const;
export const FIELD_STATUSES = ['planted', 'growing', 'harvesting', 'fallow'] as const;
export const SEASON_STATUSES = ['active', 'completed', 'upcoming'] as const;
export const CROP_STATUSES = ['planned', 'growing', 'harvested', 'failed'] as const;
export const ACTIVITY_STATUSES = ['Pending', 'In Progress', 'Completed'] as const;
export const FARM_USER_STATUSES = ['active', 'invited', 'inactive'] as const;
/** Spec §9 activity types (also the activity name and a cost's activityType). */
export const ACTIVITY_TYPES = [
  'Land Preparation',
  'Planting',
  'Fertilizing',
  'Weeding',
  'Pest Control',
  'Irrigation',
  'Harvesting',
  'Equipment Rental',
  'Maintenance',
  'Other',
] as const;
/** Spec §9 budget categories (a cost's category and a budget line's). */
export const BUDGET_CATEGORIES = ['Seeds & Planting', 'Fertilizers', 'Labor', 'Equipment', 'Irrigation', 'Pest Control', 'Fuel', 'Maintenance', 'Other'] as const;

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

