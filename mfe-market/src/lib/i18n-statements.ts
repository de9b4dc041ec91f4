// The seller's monthly statements (/seller/statements). The share button's words are in i18n-orders.ts.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/statements.en.json';

export const { useT } = defineNamespace('market-statements', en, () => import('../locales/statements.sw.json'));
