import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { SaleDispute } from '@shambasoko/shared/contracts';
import { useSellerKey } from './seller-keys';

const getSaleDispute = (saleId: string) => api.get<SaleDispute>(`/v1/seller/sales/${encodeURIComponent(saleId)}/dispute`);

const saleDisputeQuery = (key: readonly unknown[], saleId: string) =>
  queryOptions({ queryKey: [...key, 'sales', saleId, 'dispute'], queryFn: () => getSaleDispute(saleId) });

/** A delivered sale's dispute, if its buyer reported a problem (null otherwise). */
export const useSaleDispute = (saleId: string) => useQuery(saleDisputeQuery(useSellerKey(), saleId));
