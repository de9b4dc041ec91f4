import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPayment } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

/** GET /v1/admin/payments?status=flagged: payments whose reported money did not match the order (Admin only). */
const getFlaggedPayments = () => api.get<AdminPayment[]>('/v1/admin/payments', { params: { status: 'flagged' } });

const flaggedPaymentsQuery = (userKey: string) =>
  queryOptions({ queryKey: ['market', 'admin-payments', userKey, 'flagged'], queryFn: getFlaggedPayments });

export const useFlaggedPayments = (userKey: string | null) =>
  useQuery({ ...flaggedPaymentsQuery(userKey ?? ''), enabled: userKey !== null });
