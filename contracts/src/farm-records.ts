import { z } from 'zod';
import { date, id, kes, number, oneOf, optionalText } from './farm-fields';
import {
  DEFAULT_KG_PER_UNIT,
  FARM_REPORT_MAX_SEASONS,
  FARM_REPORT_PARTS,
  HARVEST_DESTINATIONS,
  HARVEST_UNITS,
  INCOME_PAYMENT_METHODS,
} from './farm-record-values';

// Farm records that pay (issue 42): harvests and off-platform sales of a crop, and what each crop,
// field, season and the farm made (income − costs) per acre. Money is whole KES; quantities keep
// their unit and yields are compared in kilograms. The plain values are in farm-record-values.ts.

export * from './farm-record-values';

const MAX_QUANTITY = 1_000_000_000;
const quantity = () => number().positive('must be more than 0').max(MAX_QUANTITY, 'is too large');
const kgPerUnit = () => number().positive('must be more than 0').max(100_000, 'is too large');

const harvestShape = {
  date: date(),
  quantity: quantity(),
  unit: oneOf(HARVEST_UNITS),
  /** Kilograms in one unit: required for a crate, defaults to 1 (kg, litre) or 90 (a 90 kg bag). */
  kgPerUnit: kgPerUnit().optional(),
  grade: optionalText(40),
  destination: oneOf(HARVEST_DESTINATIONS),
  notes: optionalText(500),
};
export const createHarvestBody = z.object(harvestShape).superRefine((h, ctx) => {
  if (h.kgPerUnit === undefined && DEFAULT_KG_PER_UNIT[h.unit] === null) {
    ctx.addIssue({ code: 'custom', path: ['kgPerUnit'], message: 'is required for this unit' });
  }
});
export const updateHarvestBody = z.object(harvestShape).partial();

export const harvestParams = z.object({ harvestId: id() });
export const incomeParams = z.object({ incomeId: id() });

export const harvest = z.object({
  id: z.string(),
  farmId: z.string(),
  cropId: z.string(),
  date: z.string(),
  quantity: z.number(),
  unit: z.enum(HARVEST_UNITS),
  kgPerUnit: z.number(),
  /** quantity × kgPerUnit. */
  kg: z.number(),
  grade: z.string(),
  destination: z.enum(HARVEST_DESTINATIONS),
  notes: z.string(),
});

/** A crop's harvests against what was expected (the crop's tonnes per hectare). */
export const cropYield = z.object({
  cropId: z.string(),
  /** Hectares and acres planted. */
  hectares: z.number(),
  acres: z.number(),
  harvestedKg: z.number(),
  kgPerHectare: z.number(),
  kgPerAcre: z.number(),
  /** Null when the crop names no expected yield. */
  expectedKgPerHectare: z.number().nullable(),
  expectedKgPerAcre: z.number().nullable(),
  /** Whole percent of the expected yield harvested so far. */
  percentOfExpected: z.number().nullable(),
  byDestination: z.object({ stored: z.number(), sold: z.number(), eaten: z.number(), lost: z.number() }),
});

export const cropHarvests = z.object({ items: z.array(harvest), yield: cropYield });

/** Harvested against expected, in kg, over an area: a field's crops, or a season's. */
const yieldLine = {
  hectares: z.number(),
  acres: z.number(),
  harvestedKg: z.number(),
  kgPerAcre: z.number(),
  kgPerHectare: z.number(),
  /** Of the crops that name an expected yield; null when none does. */
  expectedKg: z.number().nullable(),
  percentOfExpected: z.number().nullable(),
};

/** GET /v1/farms/:farmId/yields?seasonId=: quantities, not money, so every member reads them. */
export const farmYields = z.object({
  crops: z.array(
    cropYield.extend({ cropName: z.string(), fieldId: z.string(), fieldName: z.string(), seasonId: z.string(), seasonName: z.string() }),
  ),
  fields: z.array(z.object({ fieldId: z.string(), fieldName: z.string(), ...yieldLine })),
  seasons: z.array(z.object({ seasonId: z.string(), seasonName: z.string(), ...yieldLine })),
});
export type FarmYields = z.infer<typeof farmYields>;

const incomeShape = {
  date: date(),
  buyer: optionalText(200),
  quantity: quantity(),
  unit: oneOf(HARVEST_UNITS),
  pricePerUnit: kes(),
  /** What was received; quantity × price per unit (rounded) when not given. */
  total: kes().optional(),
  paymentMethod: oneOf(INCOME_PAYMENT_METHODS),
};
export const createIncomeBody = z.object(incomeShape);
export const updateIncomeBody = z.object(incomeShape).partial();

export const incomeEntry = z.object({
  id: z.string(),
  farmId: z.string(),
  cropId: z.string(),
  date: z.string(),
  buyer: z.string(),
  quantity: z.number(),
  unit: z.enum(HARVEST_UNITS),
  pricePerUnit: z.number(),
  total: z.number(),
  paymentMethod: z.enum(INCOME_PAYMENT_METHODS),
});

/** A paid sale of one of the crop's market listings (sell-your-harvest). */
export const marketSale = z.object({
  orderNumber: z.number(),
  date: z.string(),
  product: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  total: z.number(),
});

export const cropIncome = z.object({
  manual: z.array(incomeEntry),
  market: z.array(marketSale),
  manualTotal: z.number(),
  marketTotal: z.number(),
  total: z.number(),
});

export const profitQuery = z.object({
  seasonId: z.preprocess((value) => (value === '' || value === '0' ? undefined : value), id().optional()),
});

const profitLine = {
  income: z.number(),
  /** Costs recorded against it, and its share of wider costs (by area). */
  directCosts: z.number(),
  sharedCosts: z.number(),
  costs: z.number(),
  profit: z.number(),
  acres: z.number(),
  /** Whole shillings; null without any area. */
  profitPerAcre: z.number().nullable(),
};

export const cropProfit = z.object({
  cropId: z.string(),
  cropName: z.string(),
  fieldId: z.string(),
  fieldName: z.string(),
  seasonId: z.string(),
  seasonName: z.string(),
  ...profitLine,
  harvestedKg: z.number(),
  kgPerAcre: z.number(),
  expectedKgPerAcre: z.number().nullable(),
  percentOfExpected: z.number().nullable(),
});

export const farmProfit = z.object({
  farmId: z.string(),
  farmName: z.string(),
  seasonId: z.string().nullable(),
  crops: z.array(cropProfit),
  fields: z.array(z.object({ fieldId: z.string(), fieldName: z.string(), ...profitLine })),
  seasons: z.array(z.object({ seasonId: z.string(), seasonName: z.string(), ...profitLine })),
  /** Costs that reached no crop (a field or farm with nothing planted in the period). */
  unallocatedCosts: z.number(),
  farm: z.object(profitLine),
});

// ---------------------------------------------------------------------------------------------
// The farm report for a loan: the seasons and parts the farmer chose.

const seasonList = () => z.array(id()).max(FARM_REPORT_MAX_SEASONS, `must name at most ${FARM_REPORT_MAX_SEASONS} seasons`);
const partList = () => z.array(oneOf(FARM_REPORT_PARTS)).max(FARM_REPORT_PARTS.length, 'names a part twice');
/** "a,b,c" in a query string; '' is none. */
const commaList = <T extends z.ZodType>(list: T) =>
  z.preprocess((value) => (typeof value === 'string' ? (value === '' ? [] : value.split(',', 20)) : value), list).optional();

/** GET /v1/farms/:farmId/report.pdf?seasons=<id>,<id>&include=yields,money,payments */
export const farmReportQuery = z.object({ seasons: commaList(seasonList()), include: commaList(partList()) });
/** POST /v1/farms/:farmId/report-link: the same choice, for a link that opens the PDF until it expires. */
export const farmReportLinkBody = z.object({ seasons: seasonList().optional(), include: partList().optional() });

export type FarmReportQuery = z.infer<typeof farmReportQuery>;

export type Harvest = z.infer<typeof harvest>;
export type CropYield = z.infer<typeof cropYield>;
export type CropHarvests = z.infer<typeof cropHarvests>;
export type CreateHarvestInput = z.infer<typeof createHarvestBody>;
export type UpdateHarvestInput = z.infer<typeof updateHarvestBody>;
export type IncomeEntry = z.infer<typeof incomeEntry>;
export type MarketSale = z.infer<typeof marketSale>;
export type CropIncome = z.infer<typeof cropIncome>;
export type CreateIncomeInput = z.infer<typeof createIncomeBody>;
export type UpdateIncomeInput = z.infer<typeof updateIncomeBody>;
export type CropProfit = z.infer<typeof cropProfit>;
export type FarmProfit = z.infer<typeof farmProfit>;
