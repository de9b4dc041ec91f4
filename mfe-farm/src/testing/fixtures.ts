import type {
  Activity,
  BudgetCategory,
  BudgetPlan,
  Cost,
  Crop,
  Dashboard,
  Farm,
  FarmFilters,
  FarmUser,
  Field,
  FilterOption,
  Season,
} from '@shambasoko/contracts';
import {
  activity,
  BUDGET_CATEGORIES,
  budgetPlan,
  cost,
  crop,
  dashboard,
  farm,
  farmFilters,
  farmUser,
  field,
  season,
} from '@shambasoko/contracts';
import { listPage, mockApi, type Handler } from '@shambasoko/shared/testing';

// Farm fakes for mfe-farm's tests. Each is parsed with its contract schema, so one that drifts from
// the API fails where it is built. Ids are UUIDs, as the API hands out and the request schemas demand.

/** A UUID whose first group says what it names (hex only): `uuid('fa', 2)` is the second farm. */
const uuid = (kind: string, n = 1) => `${kind.padEnd(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const IDS = {
  farm: uuid('fa'),
  farm2: uuid('fa', 2),
  field: uuid('f1e1d'),
  field2: uuid('f1e1d', 2),
  field3: uuid('f1e1d', 3),
  season: uuid('5ea50'),
  crop: uuid('c0'),
  user: uuid('a5e'),
  member: uuid('3e3be'),
  activity: uuid('ac7'),
  cost: uuid('c057'),
  /** The n-th of a kind, for lists of many. */
  nth: uuid,
} as const;

/** The names the fakes share, as the cascading selects offer them. */
export const OPTIONS = {
  farm: { id: IDS.farm, name: 'Green Acres' },
  farm2: { id: IDS.farm2, name: 'Rift Valley Estate' },
  field: { id: IDS.field, name: 'North Field' },
  season: { id: IDS.season, name: 'Long Rains 2026' },
  crop: { id: IDS.crop, name: 'Maize' },
  user: { id: IDS.user, name: 'Amina Wafula' },
} satisfies Record<string, FilterOption>;

const farmRefs = { farmId: IDS.farm, farmName: OPTIONS.farm.name };
const fieldRefs = { fieldId: IDS.field, fieldName: OPTIONS.field.name };

export const farmOf = (over: Partial<Farm> = {}): Farm =>
  farm.parse({
    id: IDS.farm,
    name: 'Green Acres',
    location: 'Njoro',
    county: 'Nakuru',
    totalSize: 120.5,
    fieldsCount: 0,
    owner: 'Amina Wafula',
    established: '2015',
    status: 'active',
    description: '',
    icon: '',
    myRole: 'Owner',
    createdAt: '2026-01-05T08:00:00.000Z',
    ...over,
  } satisfies Farm);

export const fieldOf = (over: Partial<Field> = {}): Field =>
  field.parse({
    id: IDS.field,
    ...farmRefs,
    name: 'North Field',
    size: 4.5,
    unit: 'hectares',
    cropType: 'Maize',
    plantingDate: '2026-03-01',
    status: 'planted',
    location: '',
    ...over,
  } satisfies Field);

export const seasonOf = (over: Partial<Season> = {}): Season =>
  season.parse({
    id: IDS.season,
    ...farmRefs,
    fieldId: null,
    fieldName: null,
    name: 'Long Rains 2026',
    cropType: 'Maize',
    startDate: '2026-03-01',
    endDate: '2026-07-31',
    status: 'active',
    ...over,
  } satisfies Season);

export const cropOf = (over: Partial<Crop> = {}): Crop =>
  crop.parse({
    id: IDS.crop,
    ...farmRefs,
    ...fieldRefs,
    seasonId: IDS.season,
    seasonName: OPTIONS.season.name,
    name: 'Maize',
    area: 2,
    plantedDate: '2026-03-01',
    expectedHarvest: '2026-07-01',
    yieldPerHectare: 3.5,
    status: 'growing',
    createdBy: { id: IDS.user, name: 'Amina' },
    ...over,
  } satisfies Crop);

export const activityOf = (over: Partial<Activity> = {}): Activity =>
  activity.parse({
    id: IDS.activity,
    name: 'Weeding',
    ...farmRefs,
    ...fieldRefs,
    seasonId: null,
    seasonName: null,
    cropId: null,
    cropName: null,
    userId: null,
    userName: null,
    status: 'Pending',
    dueDate: null,
    notes: '',
    ...over,
  } satisfies Activity);

export const costOf = (over: Partial<Cost> = {}): Cost =>
  cost.parse({
    id: IDS.cost,
    date: '2026-03-02',
    description: 'DAP 50 kg',
    category: 'Fertilizers',
    activityType: 'Fertilizing',
    amount: 4501,
    farmId: IDS.farm,
    farm: OPTIONS.farm.name,
    fieldId: IDS.field,
    field: OPTIONS.field.name,
    seasonId: IDS.season,
    cropId: IDS.crop,
    ...over,
  } satisfies Cost);

export const farmUserOf = (over: Partial<FarmUser> = {}): FarmUser =>
  farmUser.parse({
    id: IDS.member,
    ...farmRefs,
    userId: IDS.user,
    name: 'Juma Otieno',
    email: 'juma@example.co.ke',
    phone: '+254 712 345 678',
    role: 'Field Worker',
    fieldId: null,
    fieldName: null,
    seasonId: null,
    seasonName: null,
    cropId: null,
    cropName: null,
    addedDate: '2026-01-01',
    status: 'active',
    ...over,
  } satisfies FarmUser);

/** GET /v1/filters: Green Acres and nothing below it unless asked. */
export const filtersOf = (over: Partial<FarmFilters> = {}): FarmFilters =>
  farmFilters.parse({ farms: [OPTIONS.farm], fields: [], seasons: [], crops: [], users: [], ...over } satisfies FarmFilters);

/** GET /v1/budgets: every category, 0 where nothing is planned. */
export const budgetPlanOf = (planned: Partial<Record<BudgetCategory, number>> = {}): BudgetPlan =>
  budgetPlan.parse({ items: BUDGET_CATEGORIES.map((category) => ({ category, planned: planned[category] ?? 0 })) } satisfies BudgetPlan);

export const emptyDashboard: Dashboard = dashboard.parse({
  totalFarms: 0,
  activeFields: 0,
  cropVarieties: 0,
  teamMembers: 0,
  totalArea: 0,
  activeSeasons: 0,
  farms: [],
  cropDistribution: [],
  budget: { total: 0, spent: 0, remaining: 0 },
  seasons: [],
} satisfies Dashboard);

/**
 * The farm API a form or page reads around what it tests, on the shared (contract-checked) mockApi:
 * `routes` first, then the cascading choices from /v1/filters, the caller's `farms`, and an empty
 * page for any other list. Writes not in `routes` answer 404.
 */
export function mockFarmApi(
  routes: Record<string, Handler> = {},
  { filters = filtersOf(), farms = [farmOf()] }: { filters?: FarmFilters; farms?: Farm[] } = {},
) {
  return mockApi((call) => {
    const route = routes[`${call.method} ${call.path}`];
    if (route) return route(call);
    if (call.method !== 'GET') return undefined;
    if (call.path === '/v1/filters') return { body: filters };
    if (call.path === '/v1/farms') return { body: listPage(farms) };
    return { body: listPage([]) };
  });
}
