// A product's reviews (the product page's Reviews tab): the list, the rating and the review form. Its own
// namespace, loaded with the tab's code when the tab first opens, so a product page's first load leaves
// these words out (i18n-product.ts holds the rest of the page's).
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/reviews.en.json';

export const { useT } = defineNamespace('market-reviews', en, () => import('../locales/reviews.sw.json'));
