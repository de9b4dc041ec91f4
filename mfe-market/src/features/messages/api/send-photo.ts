import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Message } from '@shambasoko/contracts';

/** POST /v1/conversations/:id/photos: the photo as the raw body, sent as a message of its own. */
const sendPhoto = (id: string, file: File, key: string) =>
  api.upload<Message>(`/v1/conversations/${encodeURIComponent(id)}/photos`, file, { headers: { 'idempotency-key': key } });

export function useSendPhoto(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, key }: { file: File; key: string }) => sendPhoto(id, file, key),
    onSuccess: () => client.invalidateQueries({ queryKey: ['messages'] }),
  });
}
