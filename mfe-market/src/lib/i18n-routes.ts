// The market's page titles and breadcrumbs (namespace 'market-routes'): the routes module reads them
// for every market page, so they ship on their own, not with the market list's whole catalog
// (i18n.ts), which the seller's and the order pages never use otherwise. Kiswahili is a chunk of its own.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/routes.en.json';

export const { useT, t, ready } = defineNamespace('market-routes', en, () => import('../locales/routes.sw.json'));

export type RouteKey = keyof typeof en;
