import type { Profile } from '@shambasoko/contracts';
import { api, useSession } from '@shambasoko/shared';
import type { SelfServiceRole } from '@shambasoko/contracts';

/** Gives an account without roles the ones it chose (PATCH /v1/profile); the role switcher follows at once. */
export async function saveRoles(roles: SelfServiceRole[]): Promise<Profile> {
  const { user } = await api.patch<{ user: Profile }>('/v1/profile', { roles });
  useSession.getState().setRoles(user.roles);
  return user;
}
