import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Message, SendMessageRequest } from '@shambasoko/contracts';

/** POST /v1/conversations/:id/messages; the key makes a retried send arrive once. */
const sendMessage = (id: string, body: SendMessageRequest, key: string) =>
  api.post<Message>(`/v1/conversations/${encodeURIComponent(id)}/messages`, body, { headers: { 'idempotency-key': key } });

export function useSendMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: SendMessageRequest; key: string }) => sendMessage(id, body, key),
    onSuccess: () => client.invalidateQueries({ queryKey: ['messages'] }),
  });
}
