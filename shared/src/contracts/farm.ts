/**
 * Farm-management contract between core-api and mfe-farm (notes/FARM-API.md, spec sections 3 and 9).
 * Type-only on purpose: the remote and the API share shapes without shipping code. Dates are ISO
 * `YYYY-MM-DD`; money is integer KES; ids are strings; filter id '0' (or absent) means All.
 */

export type FarmRole = 'Owner' | 'Farm Manager' | 'Field Supervisor' | 'Field Worker' | 'Accountant' | 'Viewer';
/** Roles a farm user can be given through Add User (the Owner is never assigned). */
export type AssignableFarmRole = Exclude<FarmRole, 'Owner'>;

export type FarmStatus = 'active' | 'inactive';
export type FieldUnit = 'hectares' | 'acres' | 'square meters';
export type FieldStatus = 'planted' | 'growing' | 'harvesting' | 'fallow';
export type SeasonStatus = 'active' | 'completed' | 'upcoming';
export type CropStatus = 'planned' | 'growing' | 'harvested' | 'failed';
export type ActivityStatus = 'Pending' | 'In Progress' | 'Completed';
export type FarmUserStatus = 'active' | 'invited' | 'inactive';

/** Spec §9 activity types (also the activity name and a cost's activityType). */
export type ActivityType =
  | 'Land Preparation'
  | 'Planting'
  | 'Fertilizing'
  | 'Weeding'
  | 'Pest Control'
  | 'Irrigation'
  | 'Harvesting'
  | 'Equipment Rental'
  | 'Maintenance'
  | 'Other';

/** Spec §9 budget categories. */
export type BudgetCategory =
  | 'Seeds & Planting'
  | 'Fertilizers'
  | 'Labor'
  | 'Equipment'
  | 'Irrigation'
  | 'Pest Control'
  | 'Fuel'
  | 'Maintenance'
  | 'Other';

/** Every list answer. */
export interface Paginated<T> {
  items: T[];
  /** Exact, unless `totalCapped`: then there are more than `total` (shown as "1,000+"). */
  total: number;
  totalCapped?: boolean;
  page: number;
  pageSize: number;
}

/** Common list query: page is 1-based (default 1), pageSize default 20 (max 100), sort e.g. `name`, `-createdAt`. */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: string;
}

export interface Farm {
  id: string;
  name: string;
  location: string;
  /** Hectares. */
  totalSize: number;
  fieldsCount: number;
  /** Owner's name as text. */
  owner: string;
  /** Year as text. */
  established: string;
  status: FarmStatus;
  description: string;
  /** Emoji or short text; may be ''. */
  icon: string;
  myRole: FarmRole;
  createdAt: string;
}

export interface Field {
  id: string;
  farmId: string;
  farmName: string;
  name: string;
  size: number;
  unit: FieldUnit;
  cropType: string;
  plantingDate: string;
  status: FieldStatus;
  location: string;
}

export interface Season {
  id: string;
  farmId: string;
  farmName: string;
  fieldId: string | null;
  fieldName: string | null;
  name: string;
  cropType: string;
  startDate: string;
  endDate: string;
  status: SeasonStatus;
}

export interface Crop {
  id: string;
  farmId: string;
  farmName: string;
  fieldId: string;
  fieldName: string;
  seasonId: string;
  seasonName: string;
  name: string;
  /** Hectares. */
  area: number;
  plantedDate: string;
  expectedHarvest: string;
  /** Tonnes per hectare. */
  yieldPerHectare: number | null;
  status: CropStatus;
  createdBy: { id: string; name: string };
}

export interface Activity {
  id: string;
  /** Activity type. */
  name: string;
  farmId: string;
  farmName: string;
  fieldId: string;
  fieldName: string;
  seasonId: string | null;
  seasonName: string | null;
  cropId: string | null;
  cropName: string | null;
  /** Assignee. */
  userId: string | null;
  userName: string | null;
  status: ActivityStatus;
  dueDate: string | null;
  notes: string;
}

export interface FarmUser {
  /** Membership id. */
  id: string;
  farmId: string;
  farmName: string;
  /** Null while the invitation is pending. */
  userId: string | null;
  name: string;
  email: string;
  phone: string;
  role: FarmRole;
  fieldId: string | null;
  fieldName: string | null;
  seasonId: string | null;
  seasonName: string | null;
  cropId: string | null;
  cropName: string | null;
  addedDate: string;
  status: FarmUserStatus;
}

export interface Cost {
  id: string;
  date: string;
  description: string;
  /** Budget category. */
  category: string;
  activityType: string;
  /** Integer KES. */
  amount: number;
  farmId: string;
  /** Farm name. */
  farm: string;
  fieldId: string | null;
  /** Field name. */
  field: string | null;
  seasonId: string | null;
  cropId: string | null;
}

export interface BudgetCategoryLine {
  name: string;
  planned: number;
  actual: number;
  percentage: number;
}

export interface BudgetSummary {
  planned: number;
  actual: number;
  remaining: number;
  /** planned - actual. */
  variance: number;
  /** actual / planned * 100, one decimal. */
  percentage: number;
  categories: BudgetCategoryLine[];
}

export interface DashboardFarm {
  id: string;
  name: string;
  location: string;
  totalSize: number;
  fieldsCount: number;
  status: FarmStatus;
}

export interface CropDistributionEntry {
  name: string;
  area: number;
  percentage: number;
}

export interface DashboardSeason {
  id: string;
  name: string;
  status: SeasonStatus;
  farmName: string;
  startDate: string;
  endDate: string;
}

export interface Dashboard {
  totalFarms: number;
  activeFields: number;
  cropVarieties: number;
  teamMembers: number;
  totalArea: number;
  activeSeasons: number;
  farms: DashboardFarm[];
  cropDistribution: CropDistributionEntry[];
  budget: { total: number; spent: number; remaining: number };
  seasons: DashboardSeason[];
}

export interface FilterOption {
  id: string;
  name: string;
}

/** GET /v1/filters. */
export interface FarmFilters {
  farms: FilterOption[];
  fields: FilterOption[];
  seasons: FilterOption[];
  crops: FilterOption[];
  users: FilterOption[];
}

/** GET /v1/budgets. */
export interface BudgetPlan {
  items: { category: string; planned: number }[];
}

// Request bodies. Updates (PATCH) accept any subset of the create body.

export interface CreateFarmInput {
  name: string;
  location: string;
  totalSize: number;
  owner: string;
  established?: string;
  description?: string;
  icon?: string;
}
export type UpdateFarmInput = Partial<CreateFarmInput> & { status?: FarmStatus };

export interface CreateFieldInput {
  name: string;
  size: number;
  unit?: FieldUnit;
  cropType: string;
  plantingDate?: string;
  status?: FieldStatus;
  location?: string;
}
export type UpdateFieldInput = Partial<CreateFieldInput>;

export interface CreateSeasonInput {
  farmId: string;
  fieldId?: string | null;
  name: string;
  cropType: string;
  startDate: string;
  endDate: string;
  status?: SeasonStatus;
}
export type UpdateSeasonInput = Partial<Omit<CreateSeasonInput, 'farmId'>>;

export interface CreateCropInput {
  farmId: string;
  fieldId: string;
  seasonId: string;
  name: string;
  area: number;
  plantedDate: string;
  expectedHarvest: string;
  yieldPerHectare?: number | null;
  status?: CropStatus;
}
export type UpdateCropInput = Partial<Omit<CreateCropInput, 'farmId'>>;

export interface CreateActivityInput {
  farmId: string;
  fieldId: string;
  seasonId?: string | null;
  cropId?: string | null;
  name: string;
  /** Assignee: a member's user id. */
  userId?: string | null;
  dueDate?: string | null;
  notes?: string;
  status?: ActivityStatus;
}
export type UpdateActivityInput = Partial<Omit<CreateActivityInput, 'farmId'>>;

export interface CreateFarmUserInput {
  name: string;
  email: string;
  phone: string;
  role: AssignableFarmRole;
  fieldId?: string | null;
  seasonId?: string | null;
  cropId?: string | null;
}
/** The e-mail is the account link and cannot change; an invitation's status changes only by sign-up. */
export type UpdateFarmUserInput = Partial<Omit<CreateFarmUserInput, 'email'>> & { status?: 'active' | 'inactive' };

export interface CreateCostInput {
  farmId: string;
  fieldId: string;
  seasonId: string;
  cropId: string;
  activityType: string;
  budgetCategory: string;
  description: string;
  /** Integer KES, >= 0. */
  amount: number;
  date?: string;
}
export type UpdateCostInput = Partial<Omit<CreateCostInput, 'farmId'>>;

export interface PutBudgetInput {
  farmId: string;
  seasonId?: string | null;
  category: string;
  /** Integer KES, >= 0. */
  planned: number;
}
