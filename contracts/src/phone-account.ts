// Zod-free, so the shell's first load can use it (the main entry leaves zod to the contracts entry).

/**
 * A phone-only account has no e-mail, but the core API keys accounts and invitations by one: it gets an
 * address under a reserved, undeliverable domain (RFC 2606 .invalid), derived from the +254… number.
 */
export const PHONE_ACCOUNT_DOMAIN = '@phone.shambasoko.invalid';

/** The address to show a person: none for a phone-only account's stand-in address. */
export function shownEmail(email: string | null | undefined): string {
  return !email || email.endsWith(PHONE_ACCOUNT_DOMAIN) ? '' : email;
}
