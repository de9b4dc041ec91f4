import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { PriceQuery, PriceSummary, ProductKindId } from '@shambasoko/contracts';

/** GET /v1/market/prices: what a kind sold for in a county lately (public). */
const getPriceSummary = (query: PriceQuery) => api.get<PriceSummary>('/v1/market/prices', { params: query, auth: false });

// Figures of many sales move slowly: five minutes fresh is plenty while a seller fills the form.
const priceSummaryQuery = (query: PriceQuery) =>
  queryOptions({ queryKey: ['market', 'prices', query], queryFn: () => getPriceSummary(query), staleTime: 5 * 60 * 1000 });

export const usePriceSummary = (kind: ProductKindId | null, county: string | undefined) =>
  useQuery({
    ...priceSummaryQuery({ kind: kind ?? 'maize', county }),
    enabled: kind !== null && county !== undefined,
  });
