import { useMutation } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { MessageReport, ReportConversationRequest } from '@shambasoko/contracts';

/** POST /v1/conversations/:id/report */
const reportConversation = (id: string, body: ReportConversationRequest) =>
  api.post<MessageReport>(`/v1/conversations/${encodeURIComponent(id)}/report`, body);

export const useReportConversation = (id: string) =>
  useMutation({ mutationFn: (body: ReportConversationRequest) => reportConversation(id, body) });
