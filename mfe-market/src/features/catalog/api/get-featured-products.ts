import { queryOptions, useQuery } from '@tanstack/react-query';
import { featuredProductsKey, getFeaturedProducts } from './catalog-requests';

export const featuredProductsQuery = () =>
  queryOptions({ queryKey: featuredProductsKey, queryFn: getFeaturedProducts, staleTime: 5 * 60_000 });

export const useFeaturedProducts = (enabled: boolean) => useQuery({ ...featuredProductsQuery(), enabled });
