import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderLine } from '@shambasoko/contracts';
import { addCartItem } from '../../../lib/cart/api/add-cart-item';

/**
 * Reorder: the still-available lines go into the server cart one after the other (each add is
 * checked against stock there), then every cart query reads the new cart.
 */
export function useReorder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (lines: readonly ReorderLine[]) => {
      for (const line of lines.filter((l) => l.available)) await addCartItem({ productId: line.productId, quantity: line.quantity });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['market', 'cart'] }),
  });
}
