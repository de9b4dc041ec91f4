// Spec section 9 constants: the farm contract's enumerations, in the order the spec lists them.
export {
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  BUDGET_CATEGORIES,
  CROP_STATUSES,
  FIELD_STATUSES,
  FIELD_UNITS,
  SEASON_STATUSES,
} from '@shambasoko/contracts/farm-values';

export const PAGE_SIZE = 20;

export const options = (values: readonly string[], label: (v: string) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));
