import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

// The same query key as the profile page's (mfe-auth), so one cached answer serves both.
const getProfile = () => api.get<{ user: Profile }>('/v1/profile/status').then((body) => body.user);
const profileQuery = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile, staleTime: 5 * 60_000 });

/** The signed-in person's phone (msisdn) to prefill M-Pesa with; null while unknown or when there is none. */
export const useProfilePhone = (enabled: boolean): string | null => {
  const profile = useQuery({ ...profileQuery(), enabled });
  return profile.data?.msisdn ?? null;
};
