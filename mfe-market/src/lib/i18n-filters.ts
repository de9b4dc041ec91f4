// The market's filters form (the Filters button on /market): price, county, rating and stock. Its own
// namespace, loaded with the form's code when Filters first opens, so the market's shared words
// (i18n.ts), which every market page loads, leave these out.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/filters.en.json';

export const { useT } = defineNamespace('market-filters', en, () => import('../locales/filters.sw.json'));
