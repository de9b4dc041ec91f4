// Spec section 9 constants and the farm contract's enumerations, in the order the spec lists them.
import type {
  ActivityStatus, ActivityType, AssignableFarmRole, BudgetCategory, CropStatus, FieldStatus, FieldUnit, SeasonStatus,
} from '@shambasoko/shared';

export const ACTIVITY_TYPES: readonly ActivityType[] = [
  'Land Preparation', 'Planting', 'Fertilizing', 'Weeding', 'Pest Control', 'Irrigation', 'Harvesting',
  'Equipment Rental', 'Maintenance', 'Other',
];
export const BUDGET_CATEGORIES: readonly BudgetCategory[] = [
  'Seeds & Planting', 'Fertilizers', 'Labor', 'Equipment', 'Irrigation', 'Pest Control', 'Fuel', 'Maintenance', 'Other',
];
export const FIELD_UNITS: readonly FieldUnit[] = ['hectares', 'acres', 'square meters'];
export const FIELD_STATUSES: readonly FieldStatus[] = ['planted', 'growing', 'harvesting', 'fallow'];
export const SEASON_STATUSES: readonly SeasonStatus[] = ['active', 'completed', 'upcoming'];
export const CROP_STATUSES: readonly CropStatus[] = ['planned', 'growing', 'harvested', 'failed'];
export const ACTIVITY_STATUSES: readonly ActivityStatus[] = ['Pending', 'In Progress', 'Completed'];
/** Add User never offers Owner (spec section 6); Field Worker is the default. */
export const ASSIGNABLE_ROLES: readonly AssignableFarmRole[] = [
  'Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer',
];

export const PAGE_SIZE = 20;

export const options = (values: readonly string[], label: (v: string) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));
