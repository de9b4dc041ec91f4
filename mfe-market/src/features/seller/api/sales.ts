import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { SaleAction, SalesPage, ServiceRequest } from '@shambasoko/contracts';
import { useSellerKey } from './seller-keys';

export type SalesFilter = 'open' | 'all';

const getSales = (status: SalesFilter) => api.get<SalesPage>('/v1/seller/sales', { params: { status } });
const salesQuery = (key: readonly unknown[], status: SalesFilter) =>
  queryOptions({ queryKey: [...key, 'sales', status], queryFn: () => getSales(status) });
export const useSales = (status: SalesFilter) => useQuery(salesQuery(useSellerKey(), status));

/** dispatch takes a note, cancel a reason; the others no body. */
export type SaleStep = { id: string; action: SaleAction; note?: string; reason?: string };

function stepBody({ action, note, reason }: SaleStep): unknown {
  if (action === 'dispatch') return { note: note ?? '' };
  if (action === 'cancel') return { reason: reason ?? '' };
  return {};
}

export function useSaleStep() {
  const client = useQueryClient();
  const key = useSellerKey();
  return useMutation({
    mutationFn: (step: SaleStep) => api.post<unknown>(`/v1/seller/sales/${encodeURIComponent(step.id)}/${step.action}`, stepBody(step)),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

const getServiceRequests = () => api.get<ServiceRequest[]>('/v1/seller/service-requests');
export const useServiceRequests = () => {
  const key = useSellerKey();
  return useQuery({ queryKey: [...key, 'service-requests'], queryFn: getServiceRequests });
};

export function useAnswerServiceRequest() {
  const client = useQueryClient();
  const key = useSellerKey();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'accepted' | 'declined' | 'done' }) =>
      api.patch<unknown>(`/v1/seller/service-requests/${encodeURIComponent(id)}`, { status }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
