import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { Supplier } from '@shambasoko/contracts';
import { useShopper } from '../../../lib/session';

const getSuppliers = () => api.get<Supplier[]>('/v1/buyer/suppliers');
const suppliersQuery = (userKey: string) => queryOptions({ queryKey: ['market', 'suppliers', userKey], queryFn: getSuppliers });
export const useSuppliers = () => useQuery(suppliersQuery(useShopper().userKey ?? ''));
