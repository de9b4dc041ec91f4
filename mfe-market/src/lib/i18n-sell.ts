// The seller side of the market (seller pages, statements, payments review): its own namespace, so its
// Kiswahili chunk comes only with these pages. An order's own words (status, payment, dispute) are in
// i18n-orders.ts, which the buyer's order pages load without this catalog.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/sell.en.json';

export const { useT, t } = defineNamespace('market-sell', en, () => import('../locales/sell.sw.json'));
