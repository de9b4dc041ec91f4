// Core API identity shapes: the contract's types (contracts/identity.ts).
export type { AccountPayload, AuthTokens, CoreSignIn, IdentityConfig, Profile } from '../contracts/identity';

/** Version of the terms, privacy and cookie policies accepted at sign-up. */
export const POLICY_VERSION = '1.0.0';
