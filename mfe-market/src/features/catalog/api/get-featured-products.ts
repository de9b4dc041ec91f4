import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ProductSummary } from '@shambasoko/shared';

export const getFeaturedProducts = () => api.get<ProductSummary[]>('/v1/products/featured', { auth: false });

export const featuredProductsQuery = () =>
  queryOptions({ queryKey: ['market', 'products', 'featured'], queryFn: getFeaturedProducts, staleTime: 5 * 60_000 });

export const useFeaturedProducts = (enabled: boolean) => useQuery({ ...featuredProductsQuery(), enabled });
