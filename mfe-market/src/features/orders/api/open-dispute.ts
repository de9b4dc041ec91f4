import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Dispute, OpenDisputeRequest } from '@shambasoko/contracts';

const partPath = (orderId: string, fulfilmentId: string) =>
  `/v1/orders/${encodeURIComponent(orderId)}/fulfilments/${encodeURIComponent(fulfilmentId)}/dispute`;

/** Opens the dispute, then adds its photos one by one (the API takes each as the raw file). */
async function openDispute(orderId: string, fulfilmentId: string, body: OpenDisputeRequest, photos: readonly File[]): Promise<Dispute> {
  let dispute = await api.post<Dispute>(partPath(orderId, fulfilmentId), body);
  for (const photo of photos) dispute = await api.upload<Dispute>(`${partPath(orderId, fulfilmentId)}/photos`, photo);
  return dispute;
}

export const useOpenDispute = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fulfilmentId, body, photos }: { fulfilmentId: string; body: OpenDisputeRequest; photos: readonly File[] }) =>
      openDispute(orderId, fulfilmentId, body, photos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['market', 'orders'] }),
  });
};
