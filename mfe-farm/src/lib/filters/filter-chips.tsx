import type { FarmFilters } from '@shambasoko/contracts';
import { useT } from '../i18n';
import { useFilterOptions } from './api/get-filters';
import { ALL, changeFilter, KEY, LEVEL_LABEL, type FilterLevel, type FilterValue } from './filter-state';

const LIST: Record<FilterLevel, keyof FarmFilters> = { farm: 'farms', field: 'fields', season: 'seasons', crop: 'crops', user: 'users' };

/** The levels set to something other than All: what "Filters (n)" counts and the chips show. */
export const activeLevels = (levels: readonly FilterLevel[], value: FilterValue): FilterLevel[] =>
  levels.filter((l) => value[KEY[l]] !== ALL && value[KEY[l]] !== '');

/** One removable chip per active filter; removing a parent also clears its children (as the selects do). */
export function FilterChips({
  levels,
  value,
  onChange,
}: {
  levels: readonly FilterLevel[];
  value: FilterValue;
  onChange: (next: FilterValue) => void;
}) {
  const t = useT();
  const { data } = useFilterOptions({ farmId: value.farmId, fieldId: value.fieldId, seasonId: value.seasonId });
  const active = activeLevels(levels, value);
  if (active.length === 0) return null;
  return (
    <ul aria-label={t('filters.active')} className="mt-3 flex flex-wrap gap-2">
      {active.map((level) => {
        const id = value[KEY[level]];
        const name = data?.[LIST[level]]?.find((o) => o.id === id)?.name ?? '…';
        const label = t(LEVEL_LABEL[level]);
        return (
          <li key={level}>
            <button
              type="button"
              aria-label={t('filters.remove', { label, name })}
              onClick={() => onChange(changeFilter(value, level, ALL))}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-600 bg-brand-50 px-3 text-sm text-brand-800 hover:bg-brand-100"
            >
              <span>{t('filters.chip', { label, name })}</span>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
