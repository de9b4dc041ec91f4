import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { OrderAftercare } from '@shambasoko/contracts';

const getAftercare = (orderId: string) => api.get<OrderAftercare>(`/v1/orders/${encodeURIComponent(orderId)}/aftercare`);

const aftercareKey = (userKey: string, orderId: string) => ['market', 'orders', userKey, orderId, 'aftercare'] as const;

const aftercareQuery = (userKey: string, orderId: string) =>
  queryOptions({ queryKey: aftercareKey(userKey, orderId), queryFn: () => getAftercare(orderId) });

/** What the buyer may do with each dispatched or delivered part: confirm, report a problem, or follow a dispute. */
export const useAftercare = (userKey: string, orderId: string, enabled: boolean) =>
  useQuery({ ...aftercareQuery(userKey, orderId), enabled });
