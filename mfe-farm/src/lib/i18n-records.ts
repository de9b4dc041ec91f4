// The 'farm-records' namespace: harvests, income and the season report (issue 42). English is bundled
// with them; Kiswahili is a chunk of its own, fetched only when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/records.en.json';

export const { useT } = defineNamespace('farm-records', en, () => import('../locales/records.sw.json'));
