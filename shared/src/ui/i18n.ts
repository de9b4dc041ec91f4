// The design system's own words (Close, Retry, Loading…): namespace 'ui'. This module sits in the main
// entry of @shambasoko/shared (the spinners need it), and the /ui entry reaches it through
// '@shambasoko/shared', so the page keeps one translation runtime.
import { defineNamespace, useLocale } from '../i18n/react';
import en from './locales/en.json';

const ui = defineNamespace('ui', en, () => import('./locales/sw.json'));

/** The design system's t() for components (suspends until the Kiswahili catalog is in). */
export const useUiT = ui.useT;

/** For Suspense fallbacks, which must never suspend: English stands in until the catalog arrives. */
export function useUiTNow(): typeof ui.t {
  useLocale();
  return ui.t;
}
