import type { FarmFilters, FilterOption } from '@shambasoko/contracts';
import { SelectField } from '@shambasoko/shared/ui';
import type { ReactNode } from 'react';
import { cx } from '../cx';
import { useT } from '../i18n';
import { useT as useFilterT, type FilterKey } from '../i18n-filters';
import { useFilterOptions } from './api/get-filters';
import { ALL, changeFilter, KEY, LEVEL_LABEL, type FilterLevel, type FilterValue } from './filter-state';

const LIST: Record<FilterLevel, keyof FarmFilters> = {
  farm: 'farms',
  field: 'fields',
  season: 'seasons',
  crop: 'crops',
  user: 'users',
};
const ALL_LABEL: Record<FilterLevel, FilterKey> = {
  farm: 'filters.allFarms',
  field: 'filters.allFields',
  season: 'filters.allSeasons',
  crop: 'filters.allCrops',
  user: 'filters.allUsers',
};
const SELECT_LABEL: Record<FilterLevel, FilterKey> = {
  farm: 'filters.selectFarm',
  field: 'filters.selectField',
  season: 'filters.selectSeason',
  crop: 'filters.selectCrop',
  user: 'filters.selectUser',
};
const PARENT: Record<FilterLevel, FilterLevel | null> = { farm: null, field: 'farm', season: 'farm', crop: 'farm', user: 'farm' };

export type CascadingSelectsProps = {
  /** Which selectors to show, parents first. */
  levels: readonly FilterLevel[];
  value: FilterValue;
  onChange: (next: FilterValue) => void;
  /**
   * filter: each list starts with its 'All …' entry (id '0') — for list screens.
   * form: a "Select …" placeholder and children wait for their farm — for dialogs that need real ids.
   */
  mode?: 'filter' | 'form';
  /** Form mode: levels that must be chosen (shown with *). */
  required?: readonly FilterLevel[];
  errors?: Partial<Record<FilterLevel, string | undefined>>;
  /** Farms to leave out of the farm list, with the reason shown in its name (e.g. a role that cannot add here). */
  farmDisabled?: (farmId: string) => boolean;
  /** Fixed levels are shown read-only (a dialog opened from a farm's page). */
  locked?: readonly FilterLevel[];
  labels?: Partial<Record<FilterLevel, string>>;
  /** Form mode: the words of an optional level's empty choice (e.g. "Whole farm"), instead of "Select …". */
  placeholders?: Partial<Record<FilterLevel, string>>;
  /** Extra controls (search, status) placed in the same grid. */
  children?: ReactNode;
  /** Column classes of the grid; filter bars use up to 6 on wide screens. */
  columnsClassName?: string;
  /** Id prefix for the selects, so two sets on one page stay distinct. */
  idPrefix?: string;
};

/**
 * The one set of cascading farm → field → season → crop (and user) selectors used by every farm
 * screen and dialog. Options come from GET /v1/filters limited to the chosen parents; choosing a
 * parent resets its children (to All in filter mode, to nothing in form mode).
 */
export function CascadingSelects({
  levels,
  value,
  onChange,
  mode = 'filter',
  required = [],
  errors = {},
  farmDisabled,
  locked = [],
  labels = {},
  placeholders = {},
  children,
  columnsClassName = 'sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-6',
  idPrefix = 'filter',
}: CascadingSelectsProps) {
  const t = useT();
  const filterT = useFilterT();
  const reset = mode === 'filter' ? ALL : '';
  const { data, isError, refetch } = useFilterOptions({ farmId: value.farmId, fieldId: value.fieldId, seasonId: value.seasonId });

  function optionsFor(level: FilterLevel): { value: string; label: string; disabled?: boolean }[] {
    const list: FilterOption[] = data?.[LIST[level]] ?? [];
    const items = list
      .filter((o) => o.id !== ALL)
      .map((o) => ({ value: o.id, label: o.name, disabled: level === 'farm' && farmDisabled ? farmDisabled(o.id) : undefined }));
    return mode === 'filter' ? [{ value: ALL, label: filterT(ALL_LABEL[level]) }, ...items] : items;
  }

  return (
    <div className={cx('grid grid-cols-1 gap-3', columnsClassName)}>
      {levels.map((level) => {
        const parent = PARENT[level];
        const waiting = mode === 'form' && parent !== null && levels.includes(parent) && !value[KEY[parent]];
        const isLocked = locked.includes(level);
        // Every level below the farm waits for the farm.
        const reason = isError ? filterT('filters.choicesFailed') : waiting ? filterT('filters.chooseFarmFirst') : undefined;
        return (
          <SelectField
            key={level}
            id={`${idPrefix}-${level}`}
            label={labels[level] ?? t(LEVEL_LABEL[level])}
            value={value[KEY[level]]}
            onChange={(e) => onChange(changeFilter(value, level, e.target.value, reset))}
            options={optionsFor(level)}
            placeholder={mode === 'form' ? (placeholders[level] ?? filterT(SELECT_LABEL[level])) : undefined}
            required={mode === 'form' && required.includes(level)}
            disabled={waiting || isLocked}
            error={errors[level]}
            hint={!errors[level] && mode === 'form' ? reason : undefined}
          />
        );
      })}
      {children}
      {isError && (
        <p role="alert" className="col-span-full text-sm text-red-700">
          {filterT('filters.filterChoicesFailed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void refetch()}>
            {filterT('common.retry')}
          </button>
        </p>
      )}
    </div>
  );
}
