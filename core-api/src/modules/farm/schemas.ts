import { z } from 'zod';
import { MAX_KES, MAX_PAGE, emailField } from '../../http/fields';
import {
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  BUDGET_CATEGORIES,
  CROP_STATUSES,
  FARM_ROLES,
  FARM_STATUSES,
  FARM_USER_STATUSES,
  FIELD_STATUSES,
  FIELD_UNITS,
  SEASON_STATUSES,
} from './constants';
import {
  ACTIVITY_SORTS,
  COST_SORTS,
  CROP_SORTS,
  FARM_SORTS,
  FIELD_SORTS,
  MEMBER_SORTS,
  SEASON_SORTS,
  sortValues,
} from './repository';

// Request schemas of the farm API. Messages are written to be read after the field name, since a
// bad request answers 400 "name: is required; size: must not be negative".

const isMissing = (input: unknown) => input === undefined || input === null;

const text = (max = 200) =>
  z
    .string({ error: (issue) => (isMissing(issue.input) ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'is required')
    .max(max, { abort: true, message: `must be at most ${max} characters` });

const optionalText = (max = 2000) =>
  z.string({ error: 'must be text' }).trim().max(max, { abort: true, message: `must be at most ${max} characters` }).optional();

const number = () => z.number({ error: (issue) => (isMissing(issue.input) ? 'is required' : 'must be a number') });

/**
 * A million hectares is more than the largest holding in Kenya (ranches of a few hundred thousand
 * hectares) and about 2% of the country, so no real farm, field or crop is refused; the bound keeps
 * every sum of sizes (dashboard, farm_stats) finite and exact. Migration 013 holds the same bound.
 */
export const MAX_HECTARES = 1_000_000;
const hectares = () => number().positive('must be more than 0').max(MAX_HECTARES, `must be at most ${MAX_HECTARES.toLocaleString('en-US')} hectares`);

/** A field's size in its own unit: at most a million hectares expressed in that unit. */
const MAX_FIELD_SIZE: Record<(typeof FIELD_UNITS)[number], number> = {
  hectares: MAX_HECTARES,
  acres: Math.floor(MAX_HECTARES / 0.40468564224),
  'square meters': MAX_HECTARES * 10_000,
};
const fieldSize = () => number().positive('must be more than 0').max(MAX_FIELD_SIZE['square meters'], 'is too large');

/** Tonnes per hectare: the highest greenhouse yields are a few hundred. */
const MAX_YIELD = 1_000;

const kes = () =>
  z
    .number({ error: (issue) => (isMissing(issue.input) ? 'is required' : 'must be a number') })
    .int('must be a whole number of shillings')
    .nonnegative('must not be negative')
    .max(MAX_KES, 'must be at most KES 10,000,000,000');

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? 'is required' : `must be one of: ${values.join(', ')}`) });

const date = () => z.iso.date({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a date (YYYY-MM-DD)') });

const id = () => z.uuid({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a valid id') });

/** An optional reference in a body: '' and '0' (the selectors' "All"/none) mean none. */
const optionalRef = () => z.preprocess((value) => (value === '' || value === '0' ? null : value), id().nullable().optional());

/** A list filter: absent, '' and '0' mean All. */
const filterId = () =>
  z.preprocess((value) => (value === '' || value === '0' ? undefined : value), z.uuid({ error: 'must be an id, or 0 for All' }).optional());

const filterEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (value === '' || value === 'all' || value === 'All' ? undefined : value),
    z.enum(values, { error: `must be one of: ${values.join(', ')}` }).optional(),
  );

function listQuery<S extends z.ZodRawShape>(sorts: Parameters<typeof sortValues>[0], filters: S) {
  return z.object({
    page: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_PAGE, `must be at most ${MAX_PAGE.toLocaleString('en-US')}`)
      .default(1),
    pageSize: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(20),
    search: z
      .string()
      .trim()
      .max(100, { abort: true, message: 'must be at most 100 characters' })
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    sort: z.enum(sortValues(sorts), { error: `must be one of: ${sortValues(sorts).join(', ')}` }).optional(),
    ...filters,
  });
}

// ---------------------------------------------------------------------------------------------
// Params

export const farmParams = z.object({ farmId: id() });
export const fieldParams = z.object({ fieldId: id() });
export const seasonParams = z.object({ seasonId: id() });
export const cropParams = z.object({ cropId: id() });
export const activityParams = z.object({ activityId: id() });
export const memberParams = z.object({ membershipId: id() });
export const costParams = z.object({ costId: id() });

// ---------------------------------------------------------------------------------------------
// Queries

export const filtersQuery = z.object({ farmId: filterId(), fieldId: filterId(), seasonId: filterId() });

export const farmsQuery = listQuery(FARM_SORTS, { status: filterEnum(FARM_STATUSES) });
export const fieldsQuery = listQuery(FIELD_SORTS, { farmId: filterId(), status: filterEnum(FIELD_STATUSES) });
export const seasonsQuery = listQuery(SEASON_SORTS, { farmId: filterId(), fieldId: filterId(), status: filterEnum(SEASON_STATUSES) });
export const cropsQuery = listQuery(CROP_SORTS, {
  farmId: filterId(),
  fieldId: filterId(),
  seasonId: filterId(),
  cropId: filterId(),
  userId: filterId(),
  status: filterEnum(CROP_STATUSES),
});
export const activitiesQuery = listQuery(ACTIVITY_SORTS, {
  farmId: filterId(),
  fieldId: filterId(),
  seasonId: filterId(),
  cropId: filterId(),
  userId: filterId(),
  status: filterEnum(ACTIVITY_STATUSES),
});
export const membersQuery = listQuery(MEMBER_SORTS, {
  farmId: filterId(),
  fieldId: filterId(),
  seasonId: filterId(),
  cropId: filterId(),
  role: filterEnum(FARM_ROLES),
  status: filterEnum(FARM_USER_STATUSES),
});
export const costsQuery = listQuery(COST_SORTS, {
  farmId: filterId(),
  fieldId: filterId(),
  seasonId: filterId(),
  cropId: filterId(),
  category: filterEnum(BUDGET_CATEGORIES),
});

export const budgetsQuery = z.object({ farmId: id(), seasonId: filterId() });
export const summaryQuery = z.object({ farmId: filterId(), fieldId: filterId(), seasonId: filterId(), cropId: filterId() });

// ---------------------------------------------------------------------------------------------
// Bodies (PATCH bodies are the create bodies made partial, minus the farm)

export const createFarmBody = z.object({
  name: text(),
  location: text(),
  totalSize: hectares(),
  owner: text(),
  established: optionalText(20),
  description: optionalText(),
  icon: optionalText(16),
  status: oneOf(FARM_STATUSES).optional(),
});
export const updateFarmBody = createFarmBody.partial();

const fieldShape = {
  name: text(),
  size: fieldSize(),
  unit: oneOf(FIELD_UNITS).optional(),
  cropType: text(),
  plantingDate: date().optional(),
  status: oneOf(FIELD_STATUSES).optional(),
  location: optionalText(200),
};
/** The unit is known when the body names it, and on creation (hectares by default). */
const fieldSizeInUnit = (field: { size?: number | undefined; unit?: (typeof FIELD_UNITS)[number] | undefined }, ctx: z.RefinementCtx, unit = field.unit) => {
  const max = unit === undefined ? undefined : MAX_FIELD_SIZE[unit];
  if (typeof field.size !== 'number' || max === undefined || field.size <= max) return;
  ctx.addIssue({ code: 'custom', path: ['size'], message: `must be at most ${max.toLocaleString('en-US')} ${unit}` });
};
export const createFieldBody = z.object(fieldShape).superRefine((field, ctx) => fieldSizeInUnit(field, ctx, field.unit ?? 'hectares'));
export const updateFieldBody = z.object(fieldShape).partial().superRefine((field, ctx) => fieldSizeInUnit(field, ctx));

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

const cropShape = {
  fieldId: id(),
  seasonId: id(),
  name: text(),
  area: hectares(),
  plantedDate: date(),
  expectedHarvest: date(),
  yieldPerHectare: number().nonnegative('must not be negative').max(MAX_YIELD, `must be at most ${MAX_YIELD.toLocaleString('en-US')} tonnes per hectare`).nullable().optional(),
  status: oneOf(CROP_STATUSES).optional(),
};
export const createCropBody = z.object({ farmId: id(), ...cropShape });
export const updateCropBody = z.object(cropShape).partial();

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

export const createMemberBody = z.object({
  name: text(),
  email: emailField('must be a valid e-mail address').transform((email) => email.toLowerCase()),
  phone: text(40),
  role: oneOf(FARM_ROLES),
  fieldId: optionalRef(),
  seasonId: optionalRef(),
  cropId: optionalRef(),
});
export const updateMemberBody = createMemberBody
  .omit({ email: true })
  .partial()
  .extend({ status: oneOf(['active', 'inactive']).optional() });

const costShape = {
  fieldId: id(),
  seasonId: id(),
  cropId: id(),
  activityType: oneOf(ACTIVITY_TYPES),
  budgetCategory: oneOf(BUDGET_CATEGORIES),
  description: text(500),
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
