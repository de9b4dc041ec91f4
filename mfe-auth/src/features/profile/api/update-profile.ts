import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@shambasoko/contracts';
import { api, updateDisplayName, useSession } from '@shambasoko/shared';
import type { SelfServiceRole } from '@shambasoko/contracts';

interface ProfileChanges {
  firstName: string;
  lastName: string;
  msisdn: string | null;
  roles: SelfServiceRole[];
}

/** Saves the name, phone and roles at the core API, then the name at the identity provider and in the session. */
async function updateProfile(changes: ProfileChanges): Promise<Profile> {
  const { user } = await api.patch<{ user: Profile }>('/v1/profile', changes);
  // The role switcher follows at once; a role no longer held is switched away from.
  useSession.getState().setRoles(user.roles);
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
