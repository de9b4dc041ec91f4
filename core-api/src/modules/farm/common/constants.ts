import type {
  ActivityStatus,
  ActivityType,
  BudgetCategory,
  CropStatus,
  FarmRole,
  FarmStatus,
  FarmUserStatus,
  FieldStatus,
  FieldUnit,
  SeasonStatus,
} from '@shambasoko/shared';

// Runtime lists behind the contract's union types (spec sections 3, 6 and 9). The migration's check
// constraints list the same values; change both together.

export const FARM_ROLES = ['Owner', 'Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'] as const satisfies readonly FarmRole[];
export const FARM_STATUSES = ['active', 'inactive'] as const satisfies readonly FarmStatus[];
export const FIELD_UNITS = ['hectares', 'acres', 'square meters'] as const satisfies readonly FieldUnit[];
export const FIELD_STATUSES = ['planted', 'growing', 'harvesting', 'fallow'] as const satisfies readonly FieldStatus[];
export const SEASON_STATUSES = ['active', 'completed', 'upcoming'] as const satisfies readonly SeasonStatus[];
export const CROP_STATUSES = ['planned', 'growing', 'harvested', 'failed'] as const satisfies readonly CropStatus[];
export const ACTIVITY_STATUSES = ['Pending', 'In Progress', 'Completed'] as const satisfies readonly ActivityStatus[];
export const FARM_USER_STATUSES = ['active', 'invited', 'inactive'] as const satisfies readonly FarmUserStatus[];

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
] as const satisfies readonly ActivityType[];

export const BUDGET_CATEGORIES = [
  'Seeds & Planting',
  'Fertilizers',
  'Labor',
  'Equipment',
  'Irrigation',
  'Pest Control',
  'Fuel',
  'Maintenance',
  'Other',
] as const satisfies readonly BudgetCategory[];
