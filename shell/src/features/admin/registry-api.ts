import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { PublishRequest, RegistryOverview, RegistryRemote, RolloutRequest } from '@shambasoko/contracts';

const base = (name: string) => `/v1/admin/remotes/${encodeURIComponent(name)}`;

const getRegistryOverview = () => api.get<RegistryOverview>('/v1/admin/remotes');

const registryOverviewQuery = () => queryOptions({ queryKey: ['admin', 'remotes'], queryFn: getRegistryOverview });

export const useRegistryOverview = () => useQuery(registryOverviewQuery());

/** The changes the console makes to one remote at once, one per API route (roles and the kill switch are drafted, then published). */
export type RegistryChange =
  | { kind: 'promote'; name: string; version: string }
  | { kind: 'rollback'; name: string }
  | { kind: 'rollout'; name: string; rollout: RolloutRequest }
  | { kind: 'stop-rollout'; name: string }
  | { kind: 'delete'; name: string };

function sendChange(change: RegistryChange): Promise<unknown> {
  switch (change.kind) {
    case 'promote':
      return api.post<RegistryRemote>(`${base(change.name)}/promote`, { version: change.version });
    case 'rollback':
      return api.post<RegistryRemote>(`${base(change.name)}/rollback`, {});
    case 'rollout':
      return api.put<RegistryRemote>(`${base(change.name)}/rollout`, change.rollout);
    case 'stop-rollout':
      return api.delete<RegistryRemote>(`${base(change.name)}/rollout`);
    case 'delete':
      return api.delete<Record<string, never>>(base(change.name));
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

const publishChanges = (request: PublishRequest) => api.post<{ remotes: RegistryRemote[] }>('/v1/admin/remotes/publish', request);

/** Publishes the console's drafted changes together (one request, one transaction); the overview is refetched after. */
export function usePublish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishChanges,
    onSettled: () => client.invalidateQueries({ queryKey: registryOverviewQuery().queryKey }),
  });
}
