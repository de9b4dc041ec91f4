import { z } from 'zod';
import { activityStatus, cropStatus, farmRole, farmStatus, farmUserStatus, fieldStatus, fieldUnit, seasonStatus } from './farm-enums';

// Answers of the farm routes (the envelope's body). Enumerated fields use the contract's enums.

/** Every list answer. `total` is exact unless `totalCapped`: then there are more (shown as "100+"). */
export const farmListPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number(),
    totalCapped: z.boolean().optional(),
    page: z.number(),
    pageSize: z.number(),
  });
export interface Paginated<T> {
  items: T[];
  /** Exact, unless `totalCapped`: then there are more than `total` (shown as "100+"). */
  total: number;
  totalCapped?: boolean;
  page: number;
  pageSize: number;
}

/** What a DELETE answers. */
export const deletedAnswer = z.object({ id: z.string() });

export const farm = z.object({
  id: z.string(),
  name: z.string(),
  /** The place within the county (village, ward, landmark); may be ''. */
  location: z.string(),
  /** One of the 47 counties; null on an older farm whose location named none. */
  county: z.string().nullable(),
  /** Hectares. */
  totalSize: z.number(),
  fieldsCount: z.number(),
  /** Owner's name as text. */
  owner: z.string(),
  /** Year as text. */
  established: z.string(),
  status: farmStatus,
  description: z.string(),
  /** Emoji or short text; may be ''. */
  icon: z.string(),
  myRole: farmRole,
  createdAt: z.string(),
});

/** The farm a row belongs to, by id and by name. */
const farmRef = { farmId: z.string(), farmName: z.string() };
/** The field a row is tied to, if any. */
const optionalFieldRef = { fieldId: z.string().nullable(), fieldName: z.string().nullable() };

export const field = z.object({
  id: z.string(),
  ...farmRef,
  name: z.string(),
  size: z.number(),
  unit: fieldUnit,
  cropType: z.string(),
  plantingDate: z.string(),
  status: fieldStatus,
  location: z.string(),
});

export const season = z.object({
  id: z.string(),
  ...farmRef,
  ...optionalFieldRef,
  name: z.string(),
  cropType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: seasonStatus,
});

export const crop = z.object({
  id: z.string(),
  ...farmRef,
  fieldId: z.string(),
  fieldName: z.string(),
  seasonId: z.string(),
  seasonName: z.string(),
  name: z.string(),
  /** Hectares. */
  area: z.number(),
  plantedDate: z.string(),
  expectedHarvest: z.string(),
  /** Tonnes per hectare. */
  yieldPerHectare: z.number().nullable(),
  status: cropStatus,
  createdBy: z.object({ id: z.string(), name: z.string() }),
});

/** The season and crop an activity or a member is tied to, if any. */
const seasonAndCrop = {
  seasonId: z.string().nullable(),
  seasonName: z.string().nullable(),
  cropId: z.string().nullable(),
  cropName: z.string().nullable(),
};

export const activity = z.object({
  id: z.string(),
  /** Activity type. */
  name: z.string(),
  ...farmRef,
  fieldId: z.string(),
  fieldName: z.string(),
  ...seasonAndCrop,
  /** Assignee. */
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  status: activityStatus,
  dueDate: z.string().nullable(),
  notes: z.string(),
});

/** GET /v1/activities/mine: the caller's open activities due on Nairobi's `today` or before it. */
export const myActivities = z.object({
  /** Nairobi's date, YYYY-MM-DD. */
  today: z.string(),
  dueToday: z.array(activity),
  overdue: z.array(activity),
});

export const farmUser = z.object({
  /** Membership id. */
  id: z.string(),
  ...farmRef,
  /** Null while the invitation is pending. */
  userId: z.string().nullable(),
  name: z.string(),
  /** '' when the caller's role may not see other members' contacts. */
  email: z.string(),
  phone: z.string(),
  role: farmRole,
  ...optionalFieldRef,
  ...seasonAndCrop,
  addedDate: z.string(),
  status: farmUserStatus,
});

/** GET /v1/farm-users/people: one person (an account, or a pending invitation's e-mail) with every membership the filters match. */
export const farmPerson = z.object({
  /** The person's account id; for an invitation nobody has claimed yet, its first membership's id. */
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  /** '' where the caller may see no contacts of theirs. */
  email: z.string(),
  phone: z.string(),
  /** By farm name. */
  memberships: z.array(farmUser),
});

export const cost = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  /** Budget category. */
  category: z.string(),
  activityType: z.string(),
  /** Integer KES. */
  amount: z.number(),
  farmId: z.string(),
  /** Farm name. */
  farm: z.string(),
  fieldId: z.string().nullable(),
  /** Field name. */
  field: z.string().nullable(),
  seasonId: z.string().nullable(),
  cropId: z.string().nullable(),
  /** Season and crop names, so a row says what it was spent on (optional: older answers lack them). */
  season: z.string().nullable().optional(),
  crop: z.string().nullable().optional(),
});

/** GET /v1/costs/total: every cost the list's filters match, all pages. */
export const costsTotal = z.object({ amount: z.number(), count: z.number() });

export const budgetCategoryLine = z.object({ name: z.string(), planned: z.number(), actual: z.number(), percentage: z.number() });

export const budgetSummary = z.object({
  planned: z.number(),
  actual: z.number(),
  remaining: z.number(),
  /** planned - actual. */
  variance: z.number(),
  /** actual / planned * 100, one decimal. */
  percentage: z.number(),
  categories: z.array(budgetCategoryLine),
});

/** GET /v1/budgets: every category, 0 where nothing is planned. */
export const budgetPlan = z.object({ items: z.array(z.object({ category: z.string(), planned: z.number() })) });

export const dashboardFarm = farm.pick({
  id: true,
  name: true,
  location: true,
  county: true,
  totalSize: true,
  fieldsCount: true,
  status: true,
});
export const cropDistributionEntry = z.object({ name: z.string(), area: z.number(), percentage: z.number() });
export const dashboardSeason = season.pick({ id: true, name: true, status: true, farmName: true, startDate: true, endDate: true });
export const dashboard = z.object({
  totalFarms: z.number(),
  activeFields: z.number(),
  cropVarieties: z.number(),
  teamMembers: z.number(),
  totalArea: z.number(),
  activeSeasons: z.number(),
  farms: z.array(dashboardFarm),
  cropDistribution: z.array(cropDistributionEntry),
  /** The farms whose books the caller may see ('money:read'); null when their role on every farm may not. */
  budget: z.object({ total: z.number(), spent: z.number(), remaining: z.number() }).nullable(),
  seasons: z.array(dashboardSeason),
});

export const filterOption = z.object({ id: z.string(), name: z.string() });
/** GET /v1/filters. */
export const farmFilters = z.object({
  farms: z.array(filterOption),
  fields: z.array(filterOption),
  seasons: z.array(filterOption),
  crops: z.array(filterOption),
  users: z.array(filterOption),
});

export type Farm = z.infer<typeof farm>;
export type Field = z.infer<typeof field>;
export type Season = z.infer<typeof season>;
export type Crop = z.infer<typeof crop>;
export type Activity = z.infer<typeof activity>;
export type MyActivities = z.infer<typeof myActivities>;
export type FarmUser = z.infer<typeof farmUser>;
export type FarmPerson = z.infer<typeof farmPerson>;
export type Cost = z.infer<typeof cost>;
export type CostsTotal = z.infer<typeof costsTotal>;
export type BudgetCategoryLine = z.infer<typeof budgetCategoryLine>;
export type BudgetSummary = z.infer<typeof budgetSummary>;
export type BudgetPlan = z.infer<typeof budgetPlan>;
export type DashboardFarm = z.infer<typeof dashboardFarm>;
export type CropDistributionEntry = z.infer<typeof cropDistributionEntry>;
export type DashboardSeason = z.infer<typeof dashboardSeason>;
export type Dashboard = z.infer<typeof dashboard>;
export type FilterOption = z.infer<typeof filterOption>;
export type FarmFilters = z.infer<typeof farmFilters>;
