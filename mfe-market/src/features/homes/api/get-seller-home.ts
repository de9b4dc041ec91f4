import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { SellerHome } from '@shambasoko/contracts';
import { useShopper } from '../../../lib/session';

const getSellerHome = () => api.get<SellerHome>('/v1/seller/home');
const sellerHomeQuery = (userKey: string) => queryOptions({ queryKey: ['market', 'seller', userKey, 'home'], queryFn: getSellerHome });
export const useSellerHome = () => useQuery(sellerHomeQuery(useShopper().userKey ?? ''));
