import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FarmResource } from './query-keys';

type Row = Record<string, unknown>;
type ListPage = { items: Row[]; total: number };
type Filters = Record<string, unknown>;

const isListPage = (data: unknown): data is ListPage => Array.isArray((data as ListPage | null)?.items);
const unset = (value: unknown) => value === undefined || value === '';

/**
 * The keys by which `wanted` narrows a saved list fetched with `saved`, or null when that list cannot
 * serve it: another page than the first, a smaller page than wanted, or a different value for a key
 * both set. A larger first page serves a smaller one (the dashboard's 100 farms, the Farms list's 10).
 */
function narrowingKeys(saved: Filters, wanted: Filters): string[] | null {
  if (Number(saved.page ?? 1) !== 1 || Number(wanted.page ?? 1) !== 1) return null;
  const keys: string[] = [];
  for (const key of new Set([...Object.keys(saved), ...Object.keys(wanted)])) {
    if (key === 'page' || saved[key] === wanted[key] || (unset(saved[key]) && unset(wanted[key]))) continue;
    if (key === 'pageSize' && Number(saved.pageSize) >= Number(wanted.pageSize)) continue;
    if (!unset(saved[key])) return null;
    keys.push(key);
  }
  return keys;
}

/**
 * A list offline for filters it was never fetched with (a field picked in the field, say), narrowed from
 * a saved list of the same resource that holds it: its rows whose own values match the new filters.
 * Only keys every saved row carries can narrow (the search text, a sort cannot): undefined otherwise.
 */
export function narrowFromSaved(client: QueryClient, resource: FarmResource, wanted: Filters): ListPage | undefined {
  for (const query of client.getQueryCache().findAll({ queryKey: ['farm', resource] })) {
    const saved = query.queryKey[2];
    const data = query.state.data;
    if (query.queryKey.length !== 3 || typeof saved !== 'object' || saved === null || !isListPage(data)) continue;
    const keys = narrowingKeys(saved as Filters, wanted);
    if (!keys || keys.some((key) => data.items.some((row) => !(key in row)))) continue;
    const matching = data.items.filter((row) => keys.every((key) => row[key] === wanted[key]));
    const size = Number(wanted.pageSize);
    const items = size > 0 ? matching.slice(0, size) : matching;
    // Unnarrowed, the saved total is this list's too; narrowed, only the saved rows can be counted.
    const total = keys.length === 0 ? data.total : matching.length;
    return { ...data, ...(size > 0 && { pageSize: size }), items, total };
  }
  return undefined;
}

/**
 * placeholderData for a farm list: the previous list while the next loads, as before; offline, where the
 * next cannot load, the saved list narrowed to the new filters when one can be, so the screen does not
 * keep showing rows the filters exclude.
 */
export function useSavedNarrowing<T>(resource: FarmResource, wanted: object) {
  const client = useQueryClient();
  return (previous: T | undefined): T | undefined =>
    onlineManager.isOnline() ? previous : ((narrowFromSaved(client, resource, wanted as Filters) as T | undefined) ?? previous);
}
