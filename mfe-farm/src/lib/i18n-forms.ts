// The 'farm-forms' namespace: the words that only the field, season and crop forms show. English comes
// with those dialogs, which load when first opened (components/dialogs.tsx), so the pages' first load
// leaves them out; Kiswahili is a chunk of its own, fetched only when someone chooses it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/forms.en.json';

export const { useT } = defineNamespace('farm-forms', en, () => import('../locales/forms.sw.json'));
