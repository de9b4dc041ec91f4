import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoValidation, PromoValidationRequest } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

const validatePromo = (body: PromoValidationRequest) => api.post<PromoValidation>('/v1/promos/validate', body);

export const promoQuery = (body: PromoValidationRequest) =>
  queryOptions({
    queryKey: ['market', 'promo', body.code, body.subtotal],
    queryFn: () => validatePromo(body),
    retry: false,
    staleTime: 60_000,
  });

/** The applied code re-checked against the current subtotal (a minimum may stop being met). */
export const useAppliedPromo = (code: string | null, subtotal: number) =>
  useQuery({ ...promoQuery({ code: code ?? '', subtotal }), enabled: code !== null && subtotal > 0 });
