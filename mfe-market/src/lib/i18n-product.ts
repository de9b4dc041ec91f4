// A product's page (/market/item): its details, gallery, reviews, seller card, typical price and the
// service request form. Its own namespace, so the cart, the checkout, a shop and an order load none of it;
// the quantity control and the contact buttons it shares with them are in i18n-buy.ts.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/product.en.json';

export const { useT, ready } = defineNamespace('market-product', en, () => import('../locales/product.sw.json'));

/** The type of `useT()`'s answer, for helpers that take it. */
export type Translate = ReturnType<typeof useT>;
