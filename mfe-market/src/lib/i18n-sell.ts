// Words several selling pages share (the product form, the seller profile, inventory, payouts). Each
// selling page has its own namespace beside it (i18n-listing.ts, i18n-profile.ts, i18n-inventory.ts,
// i18n-payouts.ts, i18n-sales.ts, i18n-statements.ts, i18n-review.ts), so a page loads only its own
// words; an order's words (status, payment, dispute) are in i18n-orders.ts.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/sell.en.json';

export const { useT } = defineNamespace('market-sell', en, () => import('../locales/sell.sw.json'));
