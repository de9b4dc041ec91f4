import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, updateDisplayName, type Profile } from '@shambasoko/shared';

interface ProfileChanges {
  firstName: string;
  lastName: string;
  msisdn: string | null;
}

/** Saves the name and phone at the core API, then the name at the identity provider and in the session. */
async function updateProfile(changes: ProfileChanges): Promise<Profile> {
  const { user } = await api.patch<{ user: Profile }>('/v1/profile', changes);
  await updateDisplayName(user.firstName, user.lastName);
  return user;
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => client.setQueryData(['profile'], user),
  });
}
