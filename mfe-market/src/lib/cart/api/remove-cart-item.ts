import { api, type Cart } from '@shambasoko/shared';

export const removeCartItem = (productId: string) => api.delete<Cart>(`/v1/cart/items/${encodeURIComponent(productId)}`);
