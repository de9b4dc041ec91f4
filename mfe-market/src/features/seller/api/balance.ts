import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { SellerBalance } from '@shambasoko/contracts';
import { useSellerKey } from './seller-keys';

const getBalance = () => api.get<SellerBalance>('/v1/seller/balance');
const balanceQuery = (key: readonly unknown[]) => queryOptions({ queryKey: [...key, 'balance'], queryFn: getBalance });

/** GET /v1/seller/balance: pending, available, paying out, paid out. */
export const useSellerBalance = () => useQuery(balanceQuery(useSellerKey()));
