import { api, type Cart, type CartLine } from '@shambasoko/shared';

export const addCartItem = (line: CartLine) => api.post<Cart>('/v1/cart/items', line);
