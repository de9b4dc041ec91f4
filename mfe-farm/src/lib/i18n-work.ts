// The 'farm-work' namespace: the words that the activities, costs, budget and users screens share (the
// column names and the contract's values). English is bundled with them; Kiswahili is a chunk of its own,
// fetched only when someone chooses it. Each screen's own words are a namespace of their own
// (i18n-activities, i18n-costs, i18n-budget, i18n-users), and those that only their dialogs show are
// in i18n-work-forms, which loads with the dialogs.
import { defineNamespace, type Translate } from '@shambasoko/shared';
import en from '../locales/work.en.json';

export const { useT } = defineNamespace('farm-work', en, () => import('../locales/work.sw.json'));

type WorkKey = Extract<keyof typeof en, string>;
export type WorkT = Translate<WorkKey>;

/**
 * A value of the contract's enumerations (activity type and status, budget category, farm role) in the
 * active language. The API stores and sends the English value; anything unknown is shown as it came.
 */
export function valueLabel(translate: WorkT, kind: 'type' | 'status' | 'category' | 'role', value: string): string {
  const key = `${kind}.${value}`;
  return key in en ? translate(key as WorkKey) : value;
}
