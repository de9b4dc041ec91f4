// Management's own words (Admin overview, accounts, listings): they load with these pages only.
import { defineNamespace } from '@shambasoko/shared';
import en from './locales/en.json';

export const { useT } = defineNamespace('management', en, () => import('./locales/sw.json'));
