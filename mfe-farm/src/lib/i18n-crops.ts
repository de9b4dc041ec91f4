// The 'farm-crops' namespace: the words of the crops list (/crops) alone. English is bundled with that
// page, so the other farm pages leave it out; Kiswahili is a chunk of its own, fetched only when
// someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/crops.en.json';

export const { useT } = defineNamespace('farm-crops', en, () => import('../locales/crops.sw.json'));
