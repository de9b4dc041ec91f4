import type { Farm, Paginated } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { onlineManager, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

const getFarm = (farmId: string) => api.get<Farm>(`/v1/farms/${encodeURIComponent(farmId)}`);
const farmQuery = (farmId: string) => queryOptions({ queryKey: farmKey('farm', farmId), queryFn: () => getFarm(farmId) });
/** The farm's row in a farms list this device saved (the dashboard's), for a farm page opened offline. */
function savedRow(client: QueryClient, farmId: string): Farm | undefined {
  for (const [, page] of client.getQueriesData<Paginated<Farm>>({ queryKey: farmKey('farms') })) {
    const row = page?.items?.find((farm) => farm.id === farmId);
    if (row) return row;
  }
  return undefined;
}

export const useFarm = (farmId: string | undefined) => {
  const client = useQueryClient();
  return useQuery({
    ...farmQuery(farmId ?? ''),
    enabled: Boolean(farmId),
    placeholderData: () => (onlineManager.isOnline() || !farmId ? undefined : savedRow(client, farmId)),
  });
};
