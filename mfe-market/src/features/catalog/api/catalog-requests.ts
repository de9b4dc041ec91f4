import type { ProductSearchParams, ProductSearchResult, ProductSummary } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { keepable, keepAnswer } from './kept-catalog';

// The market's two public searches and their cache keys, without the query library: the routes module
// asks for them as a visit starts (prime-market.ts), and must not wait for that library to run. The
// answers a visit opens with are kept on the device for the next visit's first screen (kept-catalog.ts).

export const productsKey = (params: ProductSearchParams) => ['market', 'products', params] as const;

export const featuredProductsKey = ['market', 'products', 'featured'] as const;

export const getProducts = (params: ProductSearchParams, signal?: AbortSignal) =>
  api.get<ProductSearchResult>('/v1/products', { params: { ...params }, auth: false, signal }).then((result) => {
    if (keepable(params)) keepAnswer(productsKey(params), result);
    return result;
  });

export const getFeaturedProducts = () =>
  api.get<ProductSummary[]>('/v1/products/featured', { auth: false }).then((items) => {
    keepAnswer(featuredProductsKey, items);
    return items;
  });
