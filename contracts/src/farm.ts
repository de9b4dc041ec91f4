import { z } from 'zod';
import {
  MAX_HECTARES,
  date,
  optionalEmail,
  filterEnum,
  filterId,
  hectares,
  id,
  kes,
  listQuery,
  number,
  oneOf,
  optionalRef,
  optionalText,
  text,
} from './farm-fields';
import {
  BUDGET_CATEGORIES,
  type FieldUnit,
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  CROP_STATUSES,
  FARM_ROLES,
  FARM_STATUSES,
  FARM_USER_STATUSES,
  FIELD_STATUSES,
  FIELD_UNITS,
  SEASON_STATUSES,
} from './farm-enums';
import { type KenyaCounty, isKenyaCounty } from './counties';

/**
 * Farm-management contract between core-api and mfe-farm: the enumerations, the request schemas core-api validates with and the answer of every route.
 * Dates are ISO `YYYY-MM-DD`; money is integer KES; ids are strings; filter id '0' (or absent) means
 * All. The migrations' CHECK constraints list the same values (farm-checks.test.ts compares them).
 */

// ---------------------------------------------------------------------------------------------
// Lists: the keys each list sorts by (each also with "-" for descending) and their queries

export const FARM_SORT_KEYS = ['name', 'location', 'owner', 'totalSize', 'established', 'status', 'createdAt', 'fieldsCount'] as const;
export const FIELD_SORT_KEYS = ['name', 'size', 'cropType', 'plantingDate', 'status', 'farmName', 'createdAt'] as const;
export const SEASON_SORT_KEYS = ['name', 'cropType', 'startDate', 'endDate', 'status', 'farmName', 'createdAt'] as const;
export const CROP_SORT_KEYS = ['name', 'area', 'plantedDate', 'expectedHarvest', 'status', 'farmName', 'createdAt'] as const;
export const ACTIVITY_SORT_KEYS = ['name', 'status', 'dueDate', 'farmName', 'fieldName', 'createdAt'] as const;
export const MEMBER_SORT_KEYS = ['name', 'email', 'role', 'status', 'farmName', 'addedDate'] as const;
export const COST_SORT_KEYS = ['date', 'amount', 'category', 'activityType', 'description', 'farmName', 'createdAt'] as const;
export type FarmSortKey = (typeof FARM_SORT_KEYS)[number];
export type FieldSortKey = (typeof FIELD_SORT_KEYS)[number];
export type SeasonSortKey = (typeof SEASON_SORT_KEYS)[number];
export type CropSortKey = (typeof CROP_SORT_KEYS)[number];
export type ActivitySortKey = (typeof ACTIVITY_SORT_KEYS)[number];
export type MemberSortKey = (typeof MEMBER_SORT_KEYS)[number];
export type CostSortKey = (typeof COST_SORT_KEYS)[number];

const scope = { farmId: filterId(), fieldId: filterId(), seasonId: filterId(), cropId: filterId() };
export const farmsQuery = listQuery(FARM_SORT_KEYS, { status: filterEnum(FARM_STATUSES) });
export const fieldsQuery = listQuery(FIELD_SORT_KEYS, { farmId: filterId(), status: filterEnum(FIELD_STATUSES) });
export const seasonsQuery = listQuery(SEASON_SORT_KEYS, { farmId: filterId(), fieldId: filterId(), status: filterEnum(SEASON_STATUSES) });
export const cropsQuery = listQuery(CROP_SORT_KEYS, { ...scope, userId: filterId(), status: filterEnum(CROP_STATUSES) });
export const activitiesQuery = listQuery(ACTIVITY_SORT_KEYS, { ...scope, userId: filterId(), status: filterEnum(ACTIVITY_STATUSES) });
export const membersQuery = listQuery(MEMBER_SORT_KEYS, { ...scope, role: filterEnum(FARM_ROLES), status: filterEnum(FARM_USER_STATUSES) });
export const costsQuery = listQuery(COST_SORT_KEYS, { ...scope, category: filterEnum(BUDGET_CATEGORIES) });
export const filtersQuery = z.object({ farmId: filterId(), fieldId: filterId(), seasonId: filterId() });
export const budgetsQuery = z.object({ farmId: id(), seasonId: filterId() });
export const summaryQuery = z.object(scope);

/** Common list query as a client sends it: page is 1-based (default 1), pageSize default 20 (max 100), sort e.g. `name`, `-createdAt`. */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: string;
}

// ---------------------------------------------------------------------------------------------
// Route parameters

export const farmParams = z.object({ farmId: id() });
export const fieldParams = z.object({ fieldId: id() });
export const seasonParams = z.object({ seasonId: id() });
export const cropParams = z.object({ cropId: id() });
export const activityParams = z.object({ activityId: id() });
export const memberParams = z.object({ membershipId: id() });
export const costParams = z.object({ costId: id() });

// ---------------------------------------------------------------------------------------------
// Request bodies (PATCH bodies are the create bodies made partial, minus the farm)

/** One of Kenya's 47 counties, exactly as `KENYA_COUNTIES` spells it. */
const county = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .refine(isKenyaCounty, { message: "must be one of Kenya's 47 counties" })
    .transform((c) => c as KenyaCounty);
const farmShape = {
  name: text(),
  county: county(),
  /** The place within the county: village, ward or landmark (the column keeps its older name). */
  location: optionalText(200),
  totalSize: hectares(),
  owner: text(),
  established: optionalText(20),
  description: optionalText(),
  icon: optionalText(16),
  status: oneOf(FARM_STATUSES).optional(),
};
/** A new farm names its county; a client that sends only the older free-text location (which the API reads a county from) is still served. */
export const createFarmBody = z.object({ ...farmShape, county: farmShape.county.optional() }).superRefine((farm, ctx) => {
  if (farm.county === undefined && !farm.location) ctx.addIssue({ code: 'custom', path: ['county'], message: 'is required' });
});
export const updateFarmBody = z.object(farmShape).partial();
/** The farm forms' rules: the county is always chosen there, the place stays optional. */
export const farmDetailsBody = z.object(farmShape);

/** A field's size in its own unit: at most a million hectares expressed in that unit. */
const MAX_FIELD_SIZE: Record<FieldUnit, number> = {
  hectares: MAX_HECTARES,
  acres: Math.floor(MAX_HECTARES / 0.40468564224),
  'square meters': MAX_HECTARES * 10_000,
};
const fieldShape = {
  name: text(),
  size: number().positive('must be more than 0').max(MAX_FIELD_SIZE['square meters'], 'is too large'),
  unit: oneOf(FIELD_UNITS).optional(),
  cropType: text(),
  plantingDate: date().optional(),
  status: oneOf(FIELD_STATUSES).optional(),
  location: optionalText(200),
};
/** The unit is known when the body names it, and on creation (hectares by default). */
const fieldSizeInUnit = (field: { size?: number | undefined; unit?: FieldUnit | undefined }, ctx: z.RefinementCtx, unit = field.unit) => {
  const max = unit === undefined ? undefined : MAX_FIELD_SIZE[unit];
  if (typeof field.size !== 'number' || max === undefined || field.size <= max) return;
  ctx.addIssue({ code: 'custom', path: ['size'], message: `must be at most ${max.toLocaleString('en-US')} ${unit}` });
};
export const createFieldBody = z.object(fieldShape).superRefine((field, ctx) => fieldSizeInUnit(field, ctx, field.unit ?? 'hectares'));
export const updateFieldBody = z
  .object(fieldShape)
  .partial()
  .superRefine((field, ctx) => fieldSizeInUnit(field, ctx));

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

/** Tonnes per hectare: the highest greenhouse yields are a few hundred. */
const MAX_YIELD = 1_000;
const cropShape = {
  fieldId: id(),
  seasonId: id(),
  name: text(),
  area: hectares(),
  plantedDate: date(),
  expectedHarvest: date(),
  yieldPerHectare: number()
    .nonnegative('must not be negative')
    .max(MAX_YIELD, `must be at most ${MAX_YIELD.toLocaleString('en-US')} tonnes per hectare`)
    .nullable()
    .optional(),
  status: oneOf(CROP_STATUSES).optional(),
};
export const createCropBody = z.object({ farmId: id(), ...cropShape });
export const updateCropBody = z.object(cropShape).partial();

const activityShape = {
  fieldId: id(),
  seasonId: optionalRef(),
  cropId: optionalRef(),
  name: oneOf(ACTIVITY_TYPES),
  /** Assignee: a member's user id. */
  userId: optionalRef(),
  dueDate: z.preprocess((value) => (value === '' ? null : value), date().nullable().optional()),
  notes: optionalText(),
  status: oneOf(ACTIVITY_STATUSES).optional(),
};
export const createActivityBody = z.object({ farmId: id(), ...activityShape });
export const updateActivityBody = z.object(activityShape).partial();

/** Add User by e-mail or by a Kenyan phone number: the service asks for one of the two. */
export const createMemberBody = z.object({
  name: text(),
  email: optionalEmail(),
  phone: text(40),
  role: oneOf(FARM_ROLES),
  fieldId: optionalRef(),
  seasonId: optionalRef(),
  cropId: optionalRef(),
});
/** The e-mail is the account link and cannot change; an invitation's status changes only by sign-up. */
export const updateMemberBody = createMemberBody
  .omit({ email: true })
  .partial()
  .extend({ status: oneOf(['active', 'inactive']).optional() });

// Only amount and category are required (the date defaults to today): a farm-wide overhead such as fuel
// or fencing has no field, season or crop; a missing activity type is stored as 'Other' (migration 022).
const costShape = {
  fieldId: optionalRef(),
  seasonId: optionalRef(),
  cropId: optionalRef(),
  activityType: oneOf(ACTIVITY_TYPES).optional(),
  budgetCategory: oneOf(BUDGET_CATEGORIES),
  description: optionalText(500),
  amount: kes(),
  date: date().optional(),
};
export const createCostBody = z.object({ farmId: id(), ...costShape });
export const updateCostBody = z.object(costShape).partial();

export const putBudgetBody = z.object({
  farmId: id(),
  seasonId: optionalRef(),
  category: oneOf(BUDGET_CATEGORIES),
  planned: kes(),
});

export type CreateFarmInput = z.infer<typeof createFarmBody>;
export type UpdateFarmInput = z.infer<typeof updateFarmBody>;
export type CreateFieldInput = z.infer<typeof createFieldBody>;
export type UpdateFieldInput = z.infer<typeof updateFieldBody>;
export type CreateSeasonInput = z.infer<typeof createSeasonBody>;
export type UpdateSeasonInput = z.infer<typeof updateSeasonBody>;
export type CreateCropInput = z.infer<typeof createCropBody>;
export type UpdateCropInput = z.infer<typeof updateCropBody>;
export type CreateActivityInput = z.infer<typeof createActivityBody>;
export type UpdateActivityInput = z.infer<typeof updateActivityBody>;
export type CreateFarmUserInput = z.infer<typeof createMemberBody>;
export type UpdateFarmUserInput = z.infer<typeof updateMemberBody>;
export type CostsQuery = z.infer<typeof costsQuery>;
export type CreateCostInput = z.infer<typeof createCostBody>;
export type UpdateCostInput = z.infer<typeof updateCostBody>;
export type PutBudgetInput = z.infer<typeof putBudgetBody>;

export * from './farm-enums';
export * from './farm-responses';
