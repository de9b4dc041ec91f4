import { useMutation } from '@tanstack/react-query';
import { api, useSession } from '@shambasoko/shared';

/** DELETE /v1/me: the API checks the typed e-mail too. */
const deleteAccount = (confirmEmail: string) => api.delete<null>('/v1/me', { body: { confirmEmail } });

/**
 * Deletes the account and forgets it among this browser's remembered accounts. Signing out is left
 * to the page, after it has left the signed-in area (a guarded page would send them to sign-in).
 */
async function deleteAccountAndForget(confirmEmail: string): Promise<void> {
  await deleteAccount(confirmEmail);
  const email = confirmEmail.trim().toLowerCase();
  useSession.setState((s) => ({ accounts: s.accounts.filter((a) => a.email.toLowerCase() !== email) }));
}

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccountAndForget });
