import { api, type ProductSearchParams, type ProductSearchResult, type ProductSummary } from '@shambasoko/shared';

// The market's two public searches and their cache keys, without the query library: the routes module
// asks for them as a visit starts (prime-market.ts), and must not wait for that library to run.

export const getProducts = (params: ProductSearchParams, signal?: AbortSignal) =>
  api.get<ProductSearchResult>('/v1/products', { params: { ...params }, auth: false, signal });

export const productsKey = (params: ProductSearchParams) => ['market', 'products', params] as const;

export const getFeaturedProducts = () => api.get<ProductSummary[]>('/v1/products/featured', { auth: false });

export const featuredProductsKey = ['market', 'products', 'featured'] as const;
