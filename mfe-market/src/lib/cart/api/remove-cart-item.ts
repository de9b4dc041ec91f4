import type { Cart } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

export const removeCartItem = (productId: string) => api.delete<Cart>(`/v1/cart/items/${encodeURIComponent(productId)}`);
