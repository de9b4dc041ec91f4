// The words that several buying pages share (namespace 'market-buy'): the order summary and the
// delivery address (an order, the cart, the checkout), the quantity control (the cart, a product), the
// seller's contact buttons (a product, a shop), the promo field and the county picker's placeholder
// (the cart, the checkout) and the M-Pesa number's problems (the checkout, an order's confirmation).
// Each of those pages keeps its own words in a namespace of its own (i18n-product.ts,
// i18n-checkout.ts, i18n-cart.ts, i18n-store.ts), so none carries another's in its first load.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/buy.en.json';

export const { useT, t, ready } = defineNamespace('market-buy', en, () => import('../locales/buy.sw.json'));
