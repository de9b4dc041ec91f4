// The zod-free e-mail rule, for code in @shambasoko/shared's main entry (no schema library there).
// Forms resolve with the contract's schemas instead (contracts/src/identity.ts, contracts/src/me.ts).
export { EMAIL_PATTERN, MAX_EMAIL_LENGTH, isValidEmail } from '@shambasoko/contracts/fields-rules';

/** Pause after typing before asking whether the e-mail has an account. */
export const EMAIL_CHECK_DELAY_MS = 500;
