import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { PublicStorefront } from '@shambasoko/contracts';

const getStorefront = (sellerId: string) => api.get<PublicStorefront>(`/v1/sellers/${encodeURIComponent(sellerId)}`, { auth: false });

const storefrontQuery = (sellerId: string) =>
  queryOptions({ queryKey: ['market', 'storefront', sellerId], queryFn: () => getStorefront(sellerId) });

export const useStorefront = (sellerId: string) => useQuery({ ...storefrontQuery(sellerId), enabled: sellerId !== '' });
