import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { PriceQuery, PriceSummary } from '@shambasoko/contracts';

/** GET /v1/market/prices: the last 30 days of a kind in a county (or all of Kenya). Public. */
const getPriceSummary = (query: PriceQuery) => api.get<PriceSummary>('/v1/market/prices', { params: query, auth: false });

const priceSummaryQuery = (query: PriceQuery) =>
  queryOptions({ queryKey: ['market', 'prices', query], queryFn: () => getPriceSummary(query), staleTime: 5 * 60 * 1000 });

export const usePriceSummary = (query: PriceQuery) => useQuery(priceSummaryQuery(query));
