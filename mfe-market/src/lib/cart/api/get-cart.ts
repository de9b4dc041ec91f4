import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Cart } from '@shambasoko/shared';

const getCart = () => api.get<Cart>('/v1/cart');

export const cartQuery = (userKey: string) => queryOptions({ queryKey: ['market', 'cart', userKey], queryFn: getCart });

/** The server cart of the signed-in user; idle for a guest. */
export const useServerCart = (userKey: string | null) => useQuery({ ...cartQuery(userKey ?? ''), enabled: userKey !== null });
