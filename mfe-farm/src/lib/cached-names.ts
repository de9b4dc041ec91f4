import type { FarmFilters } from '@shambasoko/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { farmKey } from './query-keys';

type Kind = 'farms' | 'fields' | 'seasons' | 'crops';

/**
 * The name of a farm, field, season or crop from the choices the forms loaded (/v1/filters, kept on
 * the device): a record written offline shows "Block A", not "Unknown", before the server names it.
 */
export function cachedName(client: QueryClient, kind: Kind, id: string | null | undefined): string | null {
  if (!id) return null;
  for (const [, filters] of client.getQueriesData<FarmFilters>({ queryKey: farmKey('filters') })) {
    const found = filters?.[kind]?.find((option) => option.id === id);
    if (found) return found.name;
  }
  return null;
}
