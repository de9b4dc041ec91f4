import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';

const getCounties = () => api.get<string[]>('/v1/counties', { auth: false });

const countiesQuery = () => queryOptions({ queryKey: ['market', 'counties'], queryFn: getCounties, staleTime: 30 * 60_000 });

export const useCounties = () => useQuery(countiesQuery());
