import type { Cart, CartLine } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

export const addCartItem = (line: CartLine) => api.post<Cart>('/v1/cart/items', line);
