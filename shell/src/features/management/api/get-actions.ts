import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AdminAction, AdminSubjectKind } from '@shambasoko/contracts';

const getAdminActions = (kind: AdminSubjectKind, id: string) =>
  api.get<{ items: AdminAction[] }>('/v1/admin/actions', { params: { subject: `${kind}:${id}` } }).then((r) => r.items);

const adminActionsQuery = (kind: AdminSubjectKind, id: string) =>
  queryOptions({ queryKey: ['admin', 'actions', kind, id], queryFn: () => getAdminActions(kind, id) });

export const useAdminActions = (kind: AdminSubjectKind, id: string) => useQuery(adminActionsQuery(kind, id));
