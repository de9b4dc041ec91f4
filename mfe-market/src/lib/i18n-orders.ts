// The buyer's order pages (/orders, /orders/:id, its confirmation): their own namespace, so they load
// neither the selling pages' catalogs nor their Kiswahili chunks. Seller pages that show an order's
// status, payment or dispute words (sales, statements, payments review) use it beside their own.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/orders.en.json';

export const { useT, t } = defineNamespace('market-orders', en, () => import('../locales/orders.sw.json'));
