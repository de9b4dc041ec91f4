// The 'farm-page' namespace: the words of one farm's page (/farms/:id) and its tabs. English is bundled
// with that page, so the other farm pages leave it out; Kiswahili is a chunk of its own, fetched only
// when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/farm-page.en.json';

export const { useT } = defineNamespace('farm-page', en, () => import('../locales/farm-page.sw.json'));
