import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { SellerProfile, SellerProfileAnswer, SellerProfileRequest } from '@shambasoko/contracts';
import { useSellerKey } from './seller-keys';

const getProfile = () => api.get<SellerProfileAnswer>('/v1/seller/profile');
const profileQuery = (key: readonly unknown[]) => queryOptions({ queryKey: [...key, 'profile'], queryFn: getProfile });

export const useSellerProfile = () => useQuery(profileQuery(useSellerKey()));

export function useSaveProfile() {
  const client = useQueryClient();
  const key = useSellerKey();
  return useMutation({
    mutationFn: (body: SellerProfileRequest) => api.put<SellerProfile>('/v1/seller/profile', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
