import { useCallback, useState } from 'react';
import type { FarmKey } from '../i18n';

export type FilterLevel = 'farm' | 'field' | 'season' | 'crop' | 'user';

/** Each level's name, on its select and on its chip. */
export const LEVEL_LABEL: Record<FilterLevel, FarmKey> = {
  farm: 'common.farm',
  field: 'common.field',
  season: 'common.season',
  crop: 'common.crop',
  user: 'common.user',
};

/** The selected id per level; '0' means All (the contract's FilterOption convention), '' means "not chosen" in forms. */
export interface FilterValue {
  farmId: string;
  fieldId: string;
  seasonId: string;
  cropId: string;
  userId: string;
}

export const ALL = '0';

export const ALL_FILTERS: FilterValue = { farmId: ALL, fieldId: ALL, seasonId: ALL, cropId: ALL, userId: ALL };
export const NO_CHOICE: FilterValue = { farmId: '', fieldId: '', seasonId: '', cropId: '', userId: '' };

export const KEY: Record<FilterLevel, keyof FilterValue> = {
  farm: 'farmId',
  field: 'fieldId',
  season: 'seasonId',
  crop: 'cropId',
  user: 'userId',
};

/** What a change at each level invalidates below it: users belong to a farm, crops to a season. */
const CHILDREN: Record<FilterLevel, readonly FilterLevel[]> = {
  farm: ['field', 'season', 'crop', 'user'],
  field: ['season', 'crop'],
  season: ['crop'],
  crop: [],
  user: [],
};

/** Sets one level and resets every child to `reset` (All in filters, nothing in forms). */
export function changeFilter(value: FilterValue, level: FilterLevel, id: string, reset: string = ALL): FilterValue {
  if (value[KEY[level]] === id) return value;
  const next = { ...value, [KEY[level]]: id };
  for (const child of CHILDREN[level]) next[KEY[child]] = reset;
  return next;
}

/** The id to send to a list endpoint: All and nothing are both "no filter". */
export const asParam = (id: string): string | undefined => (id && id !== ALL ? id : undefined);

export function useFilterState(initial: Partial<FilterValue> = {}, reset: string = ALL) {
  const [value, setValue] = useState<FilterValue>({ ...(reset === ALL ? ALL_FILTERS : NO_CHOICE), ...initial });
  const set = useCallback((level: FilterLevel, id: string) => setValue((v) => changeFilter(v, level, id, reset)), [reset]);
  return { value, setValue, set };
}
