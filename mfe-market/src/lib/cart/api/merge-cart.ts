import type { Cart, CartMergeRequest } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

export const mergeCart = (body: CartMergeRequest) => api.post<Cart>('/v1/cart/merge', body);
