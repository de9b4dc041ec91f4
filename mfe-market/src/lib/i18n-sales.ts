// The seller's sales page (/seller/sales): its orders, service requests, step dialogs and the dispute
// panel. Its own namespace, so no other selling page carries these words; an order's own words
// (status, payment, dispute) are in i18n-orders.ts.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/sales.en.json';

export const { useT, t } = defineNamespace('market-sales', en, () => import('../locales/sales.sw.json'));
