import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { PayoutList } from '@shambasoko/contracts';
import { useSellerKey } from './seller-keys';

const getPayouts = () => api.get<PayoutList>('/v1/seller/payouts');
const payoutsQuery = (key: readonly unknown[]) =>
  queryOptions({
    queryKey: [...key, 'payouts'],
    queryFn: getPayouts,
    // A payout sent is paid a few seconds later: look again while one is under way.
    refetchInterval: (query) => (query.state.data?.items.some((p) => p.status === 'pending' || p.status === 'sent') ? 3000 : false),
  });

/** GET /v1/seller/payouts: the history, newest first, and the payout settings. */
export const usePayouts = () => useQuery(payoutsQuery(useSellerKey()));
