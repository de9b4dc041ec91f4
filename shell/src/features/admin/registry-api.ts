import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { RegistryOverview, RegistryRemote, RemoteSettings, RolloutRequest } from '@shambasoko/shared/contracts';

const base = (name: string) => `/v1/admin/remotes/${encodeURIComponent(name)}`;

const getRegistryOverview = () => api.get<RegistryOverview>('/v1/admin/remotes');

const registryOverviewQuery = () => queryOptions({ queryKey: ['admin', 'remotes'], queryFn: getRegistryOverview });

export const useRegistryOverview = () => useQuery(registryOverviewQuery());

/** Every change the console makes, one per API route; each answers the changed remote. */
export type RegistryChange =
  | { kind: 'settings'; name: string; settings: RemoteSettings }
  | { kind: 'promote'; name: string; version: string }
  | { kind: 'rollback'; name: string }
  | { kind: 'rollout'; name: string; rollout: RolloutRequest }
  | { kind: 'stop-rollout'; name: string };

function sendChange(change: RegistryChange): Promise<RegistryRemote> {
  switch (change.kind) {
    case 'settings':
      return api.patch<RegistryRemote>(base(change.name), change.settings);
    case 'promote':
      return api.post<RegistryRemote>(`${base(change.name)}/promote`, { version: change.version });
    case 'rollback':
      return api.post<RegistryRemote>(`${base(change.name)}/rollback`, {});
    case 'rollout':
      return api.put<RegistryRemote>(`${base(change.name)}/rollout`, change.rollout);
    case 'stop-rollout':
      return api.delete<RegistryRemote>(`${base(change.name)}/rollout`);
  }
}

/** One mutation for a remote's changes; the overview (remotes and audit log) is refetched after each. */
export function useRegistryChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendChange,
    onSettled: () => client.invalidateQueries({ queryKey: registryOverviewQuery().queryKey }),
  });
}
