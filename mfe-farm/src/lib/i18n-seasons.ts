// The 'farm-seasons' namespace: the words of the seasons list (/seasons) alone. English is bundled
// with that page, so the other farm pages leave it out; Kiswahili is a chunk of its own, fetched only
// when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/seasons.en.json';

export const { useT } = defineNamespace('farm-seasons', en, () => import('../locales/seasons.sw.json'));
