import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Order } from '@shambasoko/shared';

const getOrder = (id: string) => api.get<Order>(`/v1/orders/${encodeURIComponent(id)}`);

const orderQuery = (userKey: string, id: string) =>
  queryOptions({ queryKey: ['market', 'orders', userKey, id], queryFn: () => getOrder(id) });

export const useOrder = (userKey: string | null, id: string) => useQuery({ ...orderQuery(userKey ?? '', id), enabled: userKey !== null });
