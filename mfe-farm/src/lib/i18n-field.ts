// The 'farm-field' namespace: the words of one field's page (/farms/:id/fields/:id). English is bundled
// with that page, so the other farm pages leave it out; Kiswahili is a chunk of its own, fetched only
// when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/field.en.json';

export const { useT } = defineNamespace('farm-field', en, () => import('../locales/field.sw.json'));
