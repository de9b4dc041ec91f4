import { api, type Cart, type CartMergeRequest } from '@shambasoko/shared';

export const mergeCart = (body: CartMergeRequest) => api.post<Cart>('/v1/cart/merge', body);
