export const MAX_REMEMBERED_ACCOUNTS = 5;

export interface RememberedAccount {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  lastUsed: number;
}

/** Spec section 3: the display name falls back to the e-mail's local part, else 'User'. */
export function accountDisplayName(displayName: string | null | undefined, email: string | null | undefined): string {
  const name = displayName?.trim();
  if (name) return name;
  const local = email?.split('@')[0]?.trim();
  return local || 'User';
}

/** Puts the account first (newest first), drops its older entry and keeps at most five. */
export function upsertAccount(list: readonly RememberedAccount[], account: RememberedAccount): RememberedAccount[] {
  const rest = list.filter((a) => a.uid !== account.uid);
  return [account, ...rest].slice(0, MAX_REMEMBERED_ACCOUNTS);
}
