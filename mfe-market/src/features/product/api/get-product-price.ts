import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { ProductPrice } from '@shambasoko/contracts';

/** GET /v1/market/prices/products/:id: the listing's price a kg beside what is typical in its county (public). */
const getProductPrice = (id: string) => api.get<ProductPrice>(`/v1/market/prices/products/${encodeURIComponent(id)}`, { auth: false });

const productPriceQuery = (id: string) =>
  queryOptions({ queryKey: ['market', 'product-price', id], queryFn: () => getProductPrice(id), staleTime: 5 * 60 * 1000 });

export const useProductPrice = (id: string) => useQuery(productPriceQuery(id));
