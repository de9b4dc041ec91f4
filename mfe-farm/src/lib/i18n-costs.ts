// The 'farm-costs' namespace: the words of the costs list and its table, which the budget page shows too.
// English is bundled with them; Kiswahili is a chunk of its own, fetched only when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/costs.en.json';

export const { useT } = defineNamespace('farm-costs', en, () => import('../locales/costs.sw.json'));
