import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewReview, Review } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { productQuery } from '../../../lib/product/get-product';

const createReview = (productId: string, review: NewReview) =>
  api.post<Review>(`/v1/products/${encodeURIComponent(productId)}/reviews`, review);

export const useCreateReview = (productId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: NewReview) => createReview(productId, review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQuery(productId).queryKey }),
  });
};
