import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { SellerStatement } from '@shambasoko/contracts';

/** GET /v1/seller/statements/:month (YYYY-MM, Nairobi time). */
const getStatement = (month: string) => api.get<SellerStatement>(`/v1/seller/statements/${encodeURIComponent(month)}`);

const statementQuery = (month: string) =>
  queryOptions({ queryKey: ['market', 'seller', 'statements', month], queryFn: () => getStatement(month) });

export const useStatement = (month: string) => useQuery(statementQuery(month));

/** GET /v1/seller/statements/:month.pdf, in the seller's language. */
export const downloadStatement = (month: string) =>
  api.download(`/v1/seller/statements/${encodeURIComponent(month)}.pdf`, { headers: { accept: 'application/pdf' } });
