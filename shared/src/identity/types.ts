/** Version of the terms, privacy and cookie policies accepted at sign-up. */
export const POLICY_VERSION = '1.0.0';
