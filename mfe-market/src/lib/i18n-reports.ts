// The analytics pages (/reports/*): their own namespace, so their words come only with these pages.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/reports.en.json';

export const { useT } = defineNamespace('market-reports', en, () => import('../locales/reports.sw.json'));

export type ReportsKey = keyof typeof en;
