import type { Cart } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

export const updateCartItem = ({ productId, quantity }: { productId: string; quantity: number }) =>
  api.patch<Cart>(`/v1/cart/items/${encodeURIComponent(productId)}`, { quantity });
