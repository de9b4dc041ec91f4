// Name and username derivation for the Account payload.

/** The e-mail's local part, lowercased, with every character that is not a letter or digit removed. */
export function usernameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return local.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Splits a full name on spaces: first word is the first name, the rest the last name (the first word again if alone). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const firstName = words[0] ?? '';
  const rest = words.slice(1).join(' ');
  return { firstName, lastName: rest || firstName };
}

/** The name sent and shown: first and last name joined with a space and trimmed. */
export function joinName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

/**
 * First and last name for the payload from what the user typed. A last name left empty follows the
 * full-name rule (split the first-name field, else repeat the first word).
 */
export function accountNames(firstName: string, lastName: string): { firstName: string; lastName: string; fullName: string } {
  const names = lastName.trim() ? { firstName: firstName.trim(), lastName: lastName.trim() } : splitFullName(firstName);
  return { ...names, fullName: joinName(names.firstName, names.lastName) };
}

/** The first name to greet someone by ('Continue as {first name}'). */
export function firstNameOf(displayName: string | null | undefined, email: string | null | undefined): string {
  const first = displayName?.trim().split(/\s+/)[0];
  if (first) return first;
  return email?.split('@')[0]?.trim() || 'User';
}

/** Avatar initials: first letters of the first two name parts, else the e-mail's first letter, else U. */
export function initials(displayName: string | null | undefined, email: string | null | undefined): string {
  const parts = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length > 0)
    return parts
      .slice(0, 2)
      .map((p) => Array.from(p)[0]?.toUpperCase() ?? '')
      .join('');
  const first = Array.from((email ?? '').trim())[0];
  return first ? first.toUpperCase() : 'U';
}
