// The market list's words ('market': the header, the cards, the filters): English ships with the
// code, Kiswahili is a chunk of its own, fetched only when Kiswahili is chosen. The product, cart,
// checkout and shop pages have their own namespaces (i18n-product.ts, i18n-cart.ts, i18n-checkout.ts,
// i18n-store.ts, beside i18n-buy.ts for the words they share), and so do the order pages (i18n-orders.ts),
// each selling page (i18n-sales.ts, i18n-payouts.ts, …, beside i18n-sell.ts), the announcements
// (i18n-announcements.ts) and the routes' titles (i18n-routes.ts).
import type { Category } from '@shambasoko/contracts';
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/en.json';

export const { useT, t } = defineNamespace('market', en, () => import('../locales/sw.json'));

export type MarketKey = keyof typeof en;

/** What a category is called in the page's language ('all' is the market's first tab). */
export const categoryLabel = (id: Category | 'all'): string => t(`category.${id}`);
