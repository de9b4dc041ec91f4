// A seller's listings: the products list (/seller/products) and the product form with its photos and
// price hint (/seller/products/:id), which share the list's words (units, the page title).
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/listing.en.json';

export const { useT } = defineNamespace('market-listing', en, () => import('../locales/listing.sw.json'));
