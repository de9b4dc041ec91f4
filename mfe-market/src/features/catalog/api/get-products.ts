import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSearchParams } from '@shambasoko/contracts';
import { getProducts, productsKey } from './catalog-requests';

export const productsQuery = (params: ProductSearchParams) =>
  queryOptions({
    queryKey: productsKey(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    // Keeps the last results on screen while the next search loads, so the grid does not flash empty.
    placeholderData: keepPreviousData,
  });

export const useProducts = (params: ProductSearchParams) => useQuery(productsQuery(params));
