// The auth remote's words: English bundled with its code, Kiswahili a chunk fetched when chosen.
import { defineNamespace } from '@shambasoko/shared';
import en from './locales/en.json';

export const { useT, t } = defineNamespace('auth', en, () => import('./locales/sw.json'));
