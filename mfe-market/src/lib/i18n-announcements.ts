// The announcements page and its forms (namespace 'market-announcements'): their words ship with that
// page, not with the market list's catalog (i18n.ts) every catalog page loads. Kiswahili is a chunk of its own.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/announcements.en.json';

export const { useT } = defineNamespace('market-announcements', en, () => import('../locales/announcements.sw.json'));
