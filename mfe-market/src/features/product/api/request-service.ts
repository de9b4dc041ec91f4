import { useMutation } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { ServiceRequest, ServiceRequestBody } from '@shambasoko/contracts';

const requestService = (productId: string, body: ServiceRequestBody) =>
  api.post<ServiceRequest>(`/v1/products/${encodeURIComponent(productId)}/service-requests`, body);

export const useRequestService = (productId: string) =>
  useMutation({ mutationFn: (body: ServiceRequestBody) => requestService(productId, body) });
