/** Promo codes every environment has (notes/MARKET-API.md). */
export interface SeedPromo {
  code: string;
  type: 'percentage' | 'fixed';
  value: number;
  minOrder: number;
  /** Days from now; negative means already expired, null never expires. */
  expiresInDays: number | null;
  description: string;
}

export const SEED_PROMOS: readonly SeedPromo[] = [
  { code: 'KARIBU10', type: 'percentage', value: 10, minOrder: 1000, expiresInDays: null, description: '10% off your order of KES 1,000 or more' },
  { code: 'SHAMBA500', type: 'fixed', value: 500, minOrder: 5000, expiresInDays: null, description: 'KES 500 off orders of KES 5,000 or more' },
  { code: 'OLDPROMO', type: 'percentage', value: 15, minOrder: 0, expiresInDays: -30, description: 'Last season\'s offer (expired)' },
];
