// The seller and order side of the market (orders, seller pages, payments review): its own namespace,
// so its Kiswahili chunk comes only with these pages.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/sell.en.json';

export const { useT, t } = defineNamespace('market-sell', en, () => import('../locales/sell.sw.json'));
