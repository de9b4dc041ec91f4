import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ProductSearchParams, type ProductSearchResult } from '@shambasoko/shared';

export const getProducts = (params: ProductSearchParams, signal?: AbortSignal) =>
  api.get<ProductSearchResult>('/v1/products', { params: { ...params }, auth: false, signal });

export const productsQuery = (params: ProductSearchParams) =>
  queryOptions({
    queryKey: ['market', 'products', params],
    queryFn: ({ signal }) => getProducts(params, signal),
    // Keeps the last results on screen while the next search loads, so the grid does not flash empty.
    placeholderData: keepPreviousData,
  });

export const useProducts = (params: ProductSearchParams) => useQuery(productsQuery(params));
