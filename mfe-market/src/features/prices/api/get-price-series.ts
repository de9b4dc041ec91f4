import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { PriceQuery, PriceSeries } from '@shambasoko/contracts';

/** GET /v1/market/prices/series: twelve months of a kind's sales in a county (or all of Kenya). Public. */
const getPriceSeries = (query: PriceQuery) => api.get<PriceSeries>('/v1/market/prices/series', { params: query, auth: false });

const priceSeriesQuery = (query: PriceQuery) =>
  queryOptions({ queryKey: ['market', 'prices', 'series', query], queryFn: () => getPriceSeries(query), staleTime: 5 * 60 * 1000 });

export const usePriceSeries = (query: PriceQuery) => useQuery(priceSeriesQuery(query));
