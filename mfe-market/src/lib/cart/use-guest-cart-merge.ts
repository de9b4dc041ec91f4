import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useShopper } from '../session';
import { mergeCart } from './api/merge-cart';
import { cartQuery } from './api/get-cart';
import { useGuestCart } from './guest-cart-store';

// Module-level so two mounted callers (header and cart page) or StrictMode's double effect send one merge.
let merging: Promise<void> | null = null;

/**
 * After sign-in, moves the guest cart into the server cart once (POST /v1/cart/merge) and empties it.
 * If the merge fails the guest cart is kept and tried again on the next market page.
 */
export function useGuestCartMerge(): void {
  const { userKey } = useShopper();
  const hasGuestItems = useGuestCart((s) => s.items.length > 0);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (userKey === null || !hasGuestItems || merging) return;
    const items = useGuestCart.getState().items.map((i) => ({ productId: i.productId, quantity: i.quantity }));
    merging = mergeCart({ items })
      .then((cart) => {
        useGuestCart.getState().clear();
        const key = cartQuery(userKey).queryKey;
        if (cart && Array.isArray(cart.items)) queryClient.setQueryData(key, cart);
        return queryClient.invalidateQueries({ queryKey: key });
      })
      .catch(() => undefined)
      .finally(() => {
        merging = null;
      });
  }, [userKey, hasGuestItems, queryClient]);
}
