import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

const getProfile = () => api.get<{ user: Profile }>('/v1/profile/status').then((body) => body.user);
const profileQuery = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });
export const useProfile = () => useQuery(profileQuery());
