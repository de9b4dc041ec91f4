import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Dispute, DisputeAnswerRequest } from '@shambasoko/contracts';
import { useSellerKey } from './seller-keys';

const disputePath = (saleId: string) => `/v1/seller/sales/${encodeURIComponent(saleId)}/dispute`;

/** The answer, then its photos one by one (each sent as the raw file). */
async function answerDispute(saleId: string, body: DisputeAnswerRequest, photos: readonly File[]): Promise<Dispute> {
  let dispute = await api.post<Dispute>(`${disputePath(saleId)}/answer`, body);
  for (const photo of photos) dispute = await api.upload<Dispute>(`${disputePath(saleId)}/photos`, photo);
  return dispute;
}

export function useAnswerDispute(saleId: string) {
  const client = useQueryClient();
  const key = useSellerKey();
  return useMutation({
    mutationFn: ({ body, photos }: { body: DisputeAnswerRequest; photos: readonly File[] }) => answerDispute(saleId, body, photos),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
