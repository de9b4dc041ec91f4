// Kenya's 47 counties (numbered as in the Constitution's First Schedule) and the delivery fee that
// depends on where the seller and the buyer are. React-free and zod-free: the API, the checkout and
// the tests compute the same fee from this one file.

/** County and its former province, which stands in for "near" (one region = one day by road). */
const COUNTY_REGIONS = {
  Mombasa: 'Coast',
  Kwale: 'Coast',
  Kilifi: 'Coast',
  'Tana River': 'Coast',
  Lamu: 'Coast',
  'Taita-Taveta': 'Coast',
  Garissa: 'North Eastern',
  Wajir: 'North Eastern',
  Mandera: 'North Eastern',
  Marsabit: 'Eastern',
  Isiolo: 'Eastern',
  Meru: 'Eastern',
  'Tharaka-Nithi': 'Eastern',
  Embu: 'Eastern',
  Kitui: 'Eastern',
  Machakos: 'Eastern',
  Makueni: 'Eastern',
  Nyandarua: 'Central',
  Nyeri: 'Central',
  Kirinyaga: 'Central',
  "Murang'a": 'Central',
  Kiambu: 'Central',
  Turkana: 'Rift Valley',
  'West Pokot': 'Rift Valley',
  Samburu: 'Rift Valley',
  'Trans Nzoia': 'Rift Valley',
  'Uasin Gishu': 'Rift Valley',
  'Elgeyo-Marakwet': 'Rift Valley',
  Nandi: 'Rift Valley',
  Baringo: 'Rift Valley',
  Laikipia: 'Rift Valley',
  Nakuru: 'Rift Valley',
  Narok: 'Rift Valley',
  Kajiado: 'Rift Valley',
  Kericho: 'Rift Valley',
  Bomet: 'Rift Valley',
  Kakamega: 'Western',
  Vihiga: 'Western',
  Bungoma: 'Western',
  Busia: 'Western',
  Siaya: 'Nyanza',
  Kisumu: 'Nyanza',
  'Homa Bay': 'Nyanza',
  Migori: 'Nyanza',
  Kisii: 'Nyanza',
  Nyamira: 'Nyanza',
  Nairobi: 'Nairobi',
} as const;

export type KenyaCounty = keyof typeof COUNTY_REGIONS;

/** All 47 counties, alphabetical, as the checkout lists them. */
export const KENYA_COUNTIES = (Object.keys(COUNTY_REGIONS) as KenyaCounty[]).sort((a, b) => a.localeCompare(b, 'en'));

export const isKenyaCounty = (county: string): county is KenyaCounty => Object.prototype.hasOwnProperty.call(COUNTY_REGIONS, county);

/** The longest county named as a whole word in free text ("Near Molo, Nakuru" → Nakuru), or null. */
export function countyIn(text: string): KenyaCounty | null {
  const words = ` ${text.toLowerCase().replace(/[^a-z'-]+/g, ' ')} `;
  const found = [...KENYA_COUNTIES].sort((a, b) => b.length - a.length).find((c) => words.includes(` ${c.toLowerCase()} `));
  return found ?? null;
}

export { placeAndCounty } from './place';

/** The spec's fees, now the base for a seller and a buyer in the same county. */
export const SAME_COUNTY_DELIVERY_FEE = { standard: 350, express: 700 } as const;
/** Added when the seller is in another county of the buyer's region, or in another region. */
export const DISTANCE_SURCHARGE = { sameCounty: 0, sameRegion: 150, otherRegion: 400 } as const;
/** Weight carried for the base fee; each started 10 kg beyond it adds WEIGHT_STEP_FEE (express: twice). */
export const FREE_WEIGHT_KG = 10;
export const WEIGHT_STEP_KG = 10;
export const WEIGHT_STEP_FEE = 50;

export type Distance = keyof typeof DISTANCE_SURCHARGE;

export function distanceBetween(sellerCounty: string, buyerCounty: string): Distance {
  if (sellerCounty === buyerCounty) return 'sameCounty';
  const a = isKenyaCounty(sellerCounty) ? COUNTY_REGIONS[sellerCounty] : null;
  const b = isKenyaCounty(buyerCounty) ? COUNTY_REGIONS[buyerCounty] : null;
  return a !== null && a === b ? 'sameRegion' : 'otherRegion';
}

/**
 * One seller's delivery fee in whole KES: the same-county base (350 standard, 700 express), plus the
 * distance surcharge, plus weight steps beyond FREE_WEIGHT_KG. Services and pick-up orders cost nothing.
 */
export function deliveryFee(input: {
  sellerCounty: string;
  buyerCounty: string;
  weightKg: number;
  method: 'standard' | 'express';
}): number {
  const base = SAME_COUNTY_DELIVERY_FEE[input.method];
  const distance = DISTANCE_SURCHARGE[distanceBetween(input.sellerCounty, input.buyerCounty)];
  const weight = Number.isFinite(input.weightKg) ? Math.max(0, input.weightKg) : 0;
  const steps = Math.ceil(Math.max(0, weight - FREE_WEIGHT_KG) / WEIGHT_STEP_KG);
  return base + distance + steps * WEIGHT_STEP_FEE * (input.method === 'express' ? 2 : 1);
}
