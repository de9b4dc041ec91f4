// The 'farm-filters' namespace: the words of the farm → field → season → crop selects. English comes
// with them: a list loads them when its Filters first open, the budget and the season report at once;
// Kiswahili is a chunk of its own, fetched only when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/filters.en.json';

export const { useT } = defineNamespace('farm-filters', en, () => import('../locales/filters.sw.json'));

/** A key of this catalog: the selects name their levels' words in tables. */
export type FilterKey = Extract<keyof typeof en, string>;
