// The 'farm-dashboard' namespace: the Farmer Overview's words and its task list. English is bundled with
// the dashboard's page, so the other farm pages leave it out; Kiswahili is a chunk of its own, fetched
// only when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/dashboard.en.json';

export const { useT } = defineNamespace('farm-dashboard', en, () => import('../locales/dashboard.sw.json'));
