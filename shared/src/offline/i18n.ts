import { defineNamespace } from '@shambasoko/shared';
import en from './locales/en.json';

export const { useT } = defineNamespace('offline', en, () => import('./locales/sw.json'));
