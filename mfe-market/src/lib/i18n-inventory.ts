// The seller's inventory page (/seller/inventory): stock changes, their reasons and history.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/inventory.en.json';

export const { useT } = defineNamespace('market-inventory', en, () => import('../locales/inventory.sw.json'));
