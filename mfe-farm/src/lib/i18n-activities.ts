// The 'farm-activities' namespace: the words of the activities list and of the quick Start / Mark done
// buttons (the list, the farm page's tab and the dashboard's tasks). English is bundled with them, so the
// costs, budget and users pages leave it out; Kiswahili is a chunk of its own, fetched only when chosen.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/activities.en.json';

export const { useT } = defineNamespace('farm-activities', en, () => import('../locales/activities.sw.json'));
