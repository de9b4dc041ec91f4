import type { CropIncome } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { farmKey } from '../../../lib/query-keys';

const getIncome = (cropId: string) => api.get<CropIncome>(`/v1/crops/${encodeURIComponent(cropId)}/income`);
const incomeQuery = (cropId: string) => queryOptions({ queryKey: farmKey('income', { cropId }), queryFn: () => getIncome(cropId) });
export const useIncome = (cropId: string, enabled = true) => useQuery({ ...incomeQuery(cropId), enabled });
