import { defineNamespace } from '../i18n/react';
import en from './locales/en.json';

export const { useT } = defineNamespace('offline', en, () => import('./locales/sw.json'));
