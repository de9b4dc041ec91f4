// The legal remote's own words (page frame, titles, Coming Soon). Each policy's text is a catalog of
// its own that loads with that page only (features/legal/content/*).
import { defineNamespace } from '@shambasoko/shared';
import en from './locales/en.json';

export const { useT, t } = defineNamespace('legal', en, () => import('./locales/sw.json'));
