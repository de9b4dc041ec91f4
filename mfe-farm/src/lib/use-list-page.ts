import { useState } from 'react';
import { useDebouncedValue } from '@shambasoko/shared/ui';
import { asParam, useFilterState, type FilterValue } from './filters/filter-state';

/** The filter ids a list endpoint takes; All ('0') is sent as no filter. */
type FilterParams = { [K in keyof FilterValue]?: string };

/**
 * The state every farm list screen keeps: the search text (sent once typing pauses), the page, the
 * cascading filters, the row being edited ('new' for Add) and the row waiting for its delete
 * confirmation. Any change of search or filter goes back to page 1.
 */
export function useListPage<T>() {
  const filter = useFilterState();
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const rows = useRowDialogs<T>();
  const q = useDebouncedValue(search.trim());
  const v = filter.value;

  /** Wraps a setter of an extra filter (status, category) so a change starts again at page 1. */
  const refine =
    <V>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };

  return {
    filter: v,
    setFilter: refine(filter.setValue),
    params: {
      farmId: asParam(v.farmId),
      fieldId: asParam(v.fieldId),
      seasonId: asParam(v.seasonId),
      cropId: asParam(v.cropId),
      userId: asParam(v.userId),
    } satisfies FilterParams,
    search,
    setSearch: refine(setSearchText),
    /** The settled, trimmed search text, or undefined when there is none. */
    query: q || undefined,
    page,
    setPage,
    refine,
    ...rows,
  };
}

/** A screen's row dialogs: the row being edited ('new' for Add) and the row waiting for its delete confirmation. */
export function useRowDialogs<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  return {
    editing,
    /** The row being edited, or undefined when the form adds a new one. */
    edited: editing === 'new' || editing === null ? undefined : editing,
    setEditing,
    closeEditor: () => setEditing(null),
    removing,
    setRemoving,
  };
}

export type ListPageState<T> = ReturnType<typeof useListPage<T>>;
