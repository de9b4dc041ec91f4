import { useMutation } from '@tanstack/react-query';
import { api, signOut, useSession } from '@shambasoko/shared';

/** DELETE /v1/me: the API checks the typed e-mail too. */
export const deleteAccount = (confirmEmail: string) => api.delete<null>('/v1/me', { body: { confirmEmail } });

export const ACCOUNT_DELETED_NOTICE = 'Your ShambaSoko account and personal data have been deleted.';

/** Deletes the account, forgets it on this browser (remembered accounts too) and signs out. */
export async function deleteAccountAndSignOut(confirmEmail: string): Promise<void> {
  await deleteAccount(confirmEmail);
  const email = confirmEmail.trim().toLowerCase();
  useSession.setState((s) => ({ accounts: s.accounts.filter((a) => a.email.toLowerCase() !== email) }));
  await signOut();
}

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccountAndSignOut });
