// The frame's words (sidebar, top bar, menus; the 404's are i18n-rare.ts's): English in the first chunk, Kiswahili fetched when chosen.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/en.json';

export const { useT, t } = defineNamespace('shell', en, () => import('../locales/sw.json'));

/** A label the manifest or a remote sends in English (menu group, menu entry, role): the catalog's, else as sent. */
export function known(prefix: 'menu.group' | 'menu.item' | 'role', english: string): string {
  const key = `${prefix}.${english}`;
  return key in en ? t(key as keyof typeof en) : english;
}
