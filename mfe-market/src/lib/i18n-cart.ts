// The cart page (/cart): its lines, the delivery county and the way to the checkout. Its own
// namespace, so a product's page, a shop and the checkout load none of it; the summary, the promo field
// and the quantity control it shares with them are in i18n-buy.ts.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/cart.en.json';

export const { useT, ready } = defineNamespace('market-cart', en, () => import('../locales/cart.sw.json'));
