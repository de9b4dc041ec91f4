// The 'farm-work-forms' namespace: the words that only the activity, cost, budget and user dialogs show.
// English comes with those dialogs, which load when first opened (components/dialogs.tsx), so the
// pages' first load leaves them out; Kiswahili is a chunk of its own, fetched only when chosen.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/work-forms.en.json';

export const { useT, t } = defineNamespace('farm-work-forms', en, () => import('../locales/work-forms.sw.json'));
