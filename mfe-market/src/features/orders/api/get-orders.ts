import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

const getOrders = () => api.get<Order[]>('/v1/orders');

const ordersQuery = (userKey: string) => queryOptions({ queryKey: ['market', 'orders', userKey], queryFn: getOrders });

export const useOrders = (userKey: string | null) => useQuery({ ...ordersQuery(userKey ?? ''), enabled: userKey !== null });
