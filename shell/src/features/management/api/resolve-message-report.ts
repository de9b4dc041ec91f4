import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { MessageReport } from '@shambasoko/contracts';

/** POST /v1/admin/message-reports/:id/resolve */
const resolveMessageReport = (id: string, note: string) =>
  api.post<MessageReport>(`/v1/admin/message-reports/${encodeURIComponent(id)}/resolve`, { note });

export function useResolveMessageReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => resolveMessageReport(id, note),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'message-reports'] }),
  });
}
