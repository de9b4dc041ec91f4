import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { AdminProductPage, AdminProductQuery } from '@shambasoko/contracts';

const getAdminProducts = (params: AdminProductQuery) =>
  api.get<AdminProductPage>('/v1/admin/products', { params: params as Record<string, string> });

const adminProductsQuery = (params: AdminProductQuery) =>
  queryOptions({ queryKey: ['admin', 'products', params], queryFn: () => getAdminProducts(params), placeholderData: keepPreviousData });

export const useAdminProducts = (params: AdminProductQuery) => useQuery(adminProductsQuery(params));
