// The Admin's review of flagged payments (/payments/review). A payment's method is an order word
// (i18n-orders.ts).
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/review.en.json';

export const { useT } = defineNamespace('market-review', en, () => import('../locales/review.sw.json'));
