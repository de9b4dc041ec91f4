// The landing page's own words, kept apart from the frame's: nothing here rides along with the dashboard.
import { defineNamespace } from '@shambasoko/shared';
import en from './locales/en.json';

export const { useT } = defineNamespace('landing', en, () => import('./locales/sw.json'));
