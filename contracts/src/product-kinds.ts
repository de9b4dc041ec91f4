// Product kinds (issue 42): the small, maintained taxonomy listings pick from, so prices can be compared
// across sellers and units, and search can match names in English and Kiswahili. zod-free, React-free.
import type { Category } from './market';

/**
 * What a price is quoted per. Most kinds: a kg. Milk: a litre (buyers and dairies quote per litre; 1 litre
 * ≈ 1.03 kg only converts kg listings). Eggs: a tray of 30 (nobody buys eggs by the kg).
 */
export type PriceBaseUnit = 'kg' | 'litre' | 'tray';

export interface ProductKind {
  id: string;
  en: string;
  sw: string;
  category: Category;
  baseUnit: PriceBaseUnit;
  /** Weight of one base unit in kg: converts kg, 90 kg bag and weighed listings into base units. */
  kgPerBaseUnit: number;
}

const kg = (id: string, en: string, sw: string, category?: Category): ProductKind => ({
  id,
  en,
  sw,
  category: category ?? 'crops',
  baseUnit: 'kg',
  kgPerBaseUnit: 1,
});

export const PRODUCT_KINDS = [
  kg('maize', 'Maize', 'Mahindi'),
  kg('beans', 'Beans', 'Maharagwe'),
  kg('potatoes', 'Potatoes', 'Viazi'),
  kg('sweet_potatoes', 'Sweet potatoes', 'Viazi vitamu'),
  kg('tomatoes', 'Tomatoes', 'Nyanya'),
  kg('onions', 'Onions', 'Vitunguu'),
  kg('cabbages', 'Cabbages', 'Kabichi'),
  kg('kale', 'Kale (sukuma wiki)', 'Sukuma wiki'),
  kg('spinach', 'Spinach', 'Spinachi'),
  kg('carrots', 'Carrots', 'Karoti'),
  kg('avocados', 'Avocados', 'Parachichi'),
  kg('bananas', 'Bananas', 'Ndizi'),
  kg('mangoes', 'Mangoes', 'Maembe'),
  kg('green_grams', 'Green grams', 'Ndengu'),
  kg('sorghum', 'Sorghum', 'Mtama'),
  kg('wheat', 'Wheat', 'Ngano'),
  kg('rice', 'Rice', 'Mchele'),
  kg('coffee', 'Coffee', 'Kahawa'),
  kg('tea', 'Tea leaves', 'Majani ya chai'),
  { id: 'milk', en: 'Milk', sw: 'Maziwa', category: 'crops', baseUnit: 'litre', kgPerBaseUnit: 1.03 },
  { id: 'eggs', en: 'Eggs', sw: 'Mayai', category: 'crops', baseUnit: 'tray', kgPerBaseUnit: 1.8 },
  kg('dap', 'DAP fertiliser', 'Mbolea ya DAP', 'supplies'),
  kg('can', 'CAN fertiliser', 'Mbolea ya CAN', 'supplies'),
  kg('npk', 'NPK fertiliser', 'Mbolea ya NPK', 'supplies'),
  kg('maize_seed', 'Maize seed', 'Mbegu za mahindi', 'supplies'),
  kg('bean_seed', 'Bean seed', 'Mbegu za maharagwe', 'supplies'),
  kg('dairy_meal', 'Dairy meal', 'Chakula cha ng’ombe', 'supplies'),
] as const satisfies readonly ProductKind[];

export type ProductKindId = (typeof PRODUCT_KINDS)[number]['id'];
export const PRODUCT_KIND_IDS = PRODUCT_KINDS.map((k) => k.id) as [ProductKindId, ...ProductKindId[]];

const BY_ID = new Map<string, ProductKind>(PRODUCT_KINDS.map((k) => [k.id, k]));
export const productKind = (id: string | null | undefined): ProductKind | undefined => (id ? BY_ID.get(id) : undefined);
export const isProductKindId = (id: unknown): id is ProductKindId => typeof id === 'string' && BY_ID.has(id);
/** The kind's name in the reader's language. */
export const productKindName = (kind: ProductKind, language: 'en' | 'sw'): string => (language === 'sw' ? kind.sw : kind.en);

/**
 * How many of a kind's base units one listing unit holds: the one normalisation the price figures and
 * the screens share. `kg` and `bag_90kg` are fixed weights (a 90 kg bag whose weight field says 1 kg is
 * still 90 kg); the kind's own selling unit (a litre of milk, a crate = tray of eggs) is one base unit;
 * anything else goes by the listing's weight per unit. Null when nothing sensible can be said.
 */
export function baseUnitsPerListingUnit(kind: ProductKind, unit: string | null, weightKg: number): number | null {
  const nativeUnit = kind.baseUnit === 'litre' ? 'litre' : kind.baseUnit === 'tray' ? 'crate' : 'kg';
  if (unit === nativeUnit) return 1;
  if (unit === 'acre') return null;
  const kgPerUnit = unit === 'kg' ? 1 : unit === 'bag_90kg' ? 90 : weightKg;
  return kgPerUnit > 0 ? kgPerUnit / kind.kgPerBaseUnit : null;
}
