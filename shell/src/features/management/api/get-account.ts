import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AdminAccount } from '@shambasoko/contracts';

const getAdminAccount = (id: string) => api.get<AdminAccount>(`/v1/admin/accounts/${encodeURIComponent(id)}`);

const adminAccountQuery = (id: string) => queryOptions({ queryKey: ['admin', 'account', id], queryFn: () => getAdminAccount(id) });

export const useAdminAccount = (id: string | null) => useQuery({ ...adminAccountQuery(id ?? ''), enabled: id !== null });
