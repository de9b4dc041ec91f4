import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AdminAccountPage, AdminAccountQuery } from '@shambasoko/contracts';

const getAdminAccounts = (params: AdminAccountQuery) =>
  api.get<AdminAccountPage>('/v1/admin/accounts', { params: params as Record<string, string> });

const adminAccountsQuery = (params: AdminAccountQuery) =>
  queryOptions({ queryKey: ['admin', 'accounts', params], queryFn: () => getAdminAccounts(params), placeholderData: keepPreviousData });

export const useAdminAccounts = (params: AdminAccountQuery) => useQuery(adminAccountsQuery(params));
