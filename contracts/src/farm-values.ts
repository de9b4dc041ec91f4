// The farm contract's enumerations as plain values, free of zod, so screens that only list or label
// them (the dashboard, list filters) do not load the validation library. The migrations' CHECK
// constraints list the same values (core-api's farm-checks.test.ts compares them).

export const FARM_ROLES = ['Owner', 'Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'] as const;
/** Add User never offers Owner. */
export const ASSIGNABLE_FARM_ROLES = ['Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'] as const;
export const FARM_STATUSES = ['active', 'inactive'] as const;
export const FIELD_UNITS = ['hectares', 'acres', 'square meters'] as const;
export const FIELD_STATUSES = ['planted', 'growing', 'harvesting', 'fallow'] as const;
export const SEASON_STATUSES = ['active', 'completed', 'upcoming'] as const;
export const CROP_STATUSES = ['planned', 'growing', 'harvested', 'failed'] as const;
export const ACTIVITY_STATUSES = ['Pending', 'In Progress', 'Completed'] as const;
export const FARM_USER_STATUSES = ['active', 'invited', 'inactive'] as const;
/** The activity types (also the activity name and a cost's activityType). */
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
/** The budget categories (a cost's category and a budget line's). */
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
] as const;
