// The 'farm-farms' namespace: the farms list, the Add Farm dialog and the farm's settings form. English
// comes with them (the list page, the dialog and the settings tab load on their own), so the other farm
// pages leave it out; Kiswahili is a chunk of its own, fetched only when someone chooses it. A farm's
// field count, which the dashboard and the farm page show too, stays in the 'farm' namespace (i18n.ts).
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/farms.en.json';

export const { useT } = defineNamespace('farm-farms', en, () => import('../locales/farms.sw.json'));
