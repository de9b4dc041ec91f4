// The remotes console's words: they load with the console only, never with the frame every page takes.
import { defineNamespace } from '@shambasoko/shared';
import en from './locales/en.json';

export const { useT, t } = defineNamespace('console', en, () => import('./locales/sw.json'));
