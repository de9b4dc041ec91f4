// The 'farm-budget' namespace: the words of the budget page (its overview and categories). English is
// bundled with that page; Kiswahili is a chunk of its own, fetched only when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/budget.en.json';

export const { useT } = defineNamespace('farm-budget', en, () => import('../locales/budget.sw.json'));
