import { formatKES } from '@shambasoko/contracts';

/** Promo codes every environment has. KARIBU10 welcomes a buyer once. */
export interface SeedPromo {
  code: string;
  type: 'percentage' | 'fixed';
  value: number;
  minOrder: number;
  /** Days from now; negative means already expired, null never expires. */
  expiresInDays: number | null;
  description: string;
  /** Uses allowed in all; null = no limit. */
  maxUses: number | null;
  /** Uses allowed per buyer; null = no limit. */
  maxUsesPerUser: number | null;
}

export const SEED_PROMOS: readonly SeedPromo[] = [
  {
    code: 'KARIBU10',
    type: 'percentage',
    value: 10,
    minOrder: 1000,
    expiresInDays: null,
    description: `10% off your order of ${formatKES(1000)} or more`,
    maxUses: null,
    maxUsesPerUser: 1,
  },
  {
    code: 'SHAMBA500',
    type: 'fixed',
    value: 500,
    minOrder: 5000,
    expiresInDays: null,
    description: `${formatKES(500)} off orders of ${formatKES(5000)} or more`,
    maxUses: 1000,
    maxUsesPerUser: 3,
  },
  {
    code: 'OLDPROMO',
    type: 'percentage',
    value: 15,
    minOrder: 0,
    expiresInDays: -30,
    description: "Last season's offer (expired)",
    maxUses: null,
    maxUsesPerUser: null,
  },
];
