// The 'farm-work' namespace: the words of the activities, costs, budget and users screens. English is
// bundled with them; Kiswahili is a chunk of its own, fetched only when someone chooses it.
import { defineNamespace, type Translate } from '@shambasoko/shared';
import en from '../locales/work.en.json';

export const { useT, t } = defineNamespace('farm-work', en, () => import('../locales/work.sw.json'));

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
