import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AdminSeller } from '@shambasoko/contracts';

const getVerificationQueue = () =>
  api.get<{ items: AdminSeller[] }>('/v1/admin/sellers', { params: { verified: 'false' } }).then((r) => r.items);

const verificationQueueQuery = () => queryOptions({ queryKey: ['admin', 'sellers', 'queue'], queryFn: getVerificationQueue });

export const useVerificationQueue = (enabled: boolean) => useQuery({ ...verificationQueueQuery(), enabled });
