// The farm records' plain values, free of zod, so screens that only list or label them (the season
// report's parts, a yield in acres) do not load the validation library with them.

export const HARVEST_UNITS = ['kg', 'bag_90kg', 'crate', 'litre'] as const;
export const HARVEST_DESTINATIONS = ['stored', 'sold', 'eaten', 'lost'] as const;
export const INCOME_PAYMENT_METHODS = ['cash', 'mpesa', 'bank', 'cheque', 'other'] as const;
export type HarvestUnit = (typeof HARVEST_UNITS)[number];
export type HarvestDestination = (typeof HARVEST_DESTINATIONS)[number];
export type IncomePaymentMethod = (typeof INCOME_PAYMENT_METHODS)[number];

/** Kilograms one unit weighs unless the farmer says otherwise; a crate varies too much to guess. */
export const DEFAULT_KG_PER_UNIT: Readonly<Record<HarvestUnit, number | null>> = { kg: 1, bag_90kg: 90, crate: null, litre: 1 };
export const HECTARES_PER_ACRE = 0.40468564224;

// The farm report for a loan: the parts a farmer may choose.
export const FARM_REPORT_PARTS = ['yields', 'money', 'payments'] as const;
export type FarmReportPart = (typeof FARM_REPORT_PARTS)[number];
/** At most this many seasons in one report; none named: the farm's latest ones. */
export const FARM_REPORT_MAX_SEASONS = 6;
