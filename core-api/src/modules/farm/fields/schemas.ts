import { z } from 'zod';
import { FIELD_STATUSES, FIELD_UNITS } from '../common/constants';
import { MAX_HECTARES, date, filterEnum, filterId, id, listQuery, number, oneOf, optionalText, text } from '../common/schemas';

/** The keys `sort` accepts (each also with a "-" for descending); the repository maps them to SQL. */
export const FIELD_SORT_KEYS = ['name', 'size', 'cropType', 'plantingDate', 'status', 'farmName', 'createdAt'] as const;
export type FieldSortKey = (typeof FIELD_SORT_KEYS)[number];

export const fieldParams = z.object({ fieldId: id() });
export const fieldsQuery = listQuery(FIELD_SORT_KEYS, { farmId: filterId(), status: filterEnum(FIELD_STATUSES) });

/** A field's size in its own unit: at most a million hectares expressed in that unit. */
const MAX_FIELD_SIZE: Record<(typeof FIELD_UNITS)[number], number> = {
  hectares: MAX_HECTARES,
  acres: Math.floor(MAX_HECTARES / 0.40468564224),
  'square meters': MAX_HECTARES * 10_000,
};
const fieldSize = () => number().positive('must be more than 0').max(MAX_FIELD_SIZE['square meters'], 'is too large');

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

export type FieldInput = z.infer<typeof createFieldBody>;
