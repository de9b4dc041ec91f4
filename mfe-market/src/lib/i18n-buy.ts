// The pages past the market's list (product, cart, checkout, a shop's page) and the pieces they share
// with the orders pages: their own namespace, so /market's first load carries only the words it shows.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/buy.en.json';

export const { useT, t } = defineNamespace('market-buy', en, () => import('../locales/buy.sw.json'));
