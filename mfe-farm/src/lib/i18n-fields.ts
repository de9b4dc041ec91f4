// The 'farm-fields' namespace: the words of the fields list (/fields) alone. English is bundled with
// that page, so the other farm pages leave it out; Kiswahili is a chunk of its own, fetched only when
// someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/fields.en.json';

export const { useT } = defineNamespace('farm-fields', en, () => import('../locales/fields.sw.json'));
