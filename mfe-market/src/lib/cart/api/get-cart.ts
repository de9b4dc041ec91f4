import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@shambasoko/contracts';
import { api, useFirstScreenShown } from '@shambasoko/shared';

const getCart = () => api.get<Cart>('/v1/cart');

export const cartQuery = (userKey: string) => queryOptions({ queryKey: ['market', 'cart', userKey], queryFn: getCart });

/**
 * The server cart of the signed-in user; idle for a guest. `afterFirstScreen`: where the cart is not
 * what the page shows (the header's count, Add to Cart on the cards), it is asked for once the page's
 * first screen is up; a page that shows it (the cart, checkout) asks at once, for every user of it.
 */
export function useServerCart(userKey: string | null, afterFirstScreen = false) {
  const firstScreen = useFirstScreenShown();
  return useQuery({ ...cartQuery(userKey ?? ''), enabled: userKey !== null && (!afterFirstScreen || firstScreen) });
}
