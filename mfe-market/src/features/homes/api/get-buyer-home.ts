import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { BuyerHome } from '@shambasoko/contracts';
import { useShopper } from '../../../lib/session';

const getBuyerHome = () => api.get<BuyerHome>('/v1/buyer/home');
const buyerHomeQuery = (userKey: string) => queryOptions({ queryKey: ['market', 'buyer-home', userKey], queryFn: getBuyerHome });
export const useBuyerHome = () => useQuery(buyerHomeQuery(useShopper().userKey ?? ''));
