import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProduct } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

const getProduct = (id: string) => api.get<PublicProduct>(`/v1/products/${encodeURIComponent(id)}`, { auth: false });

export const productQuery = (id: string) => queryOptions({ queryKey: ['market', 'product', id], queryFn: () => getProduct(id) });

export const useProduct = (id: string | null) => useQuery({ ...productQuery(id ?? ''), enabled: Boolean(id) });
