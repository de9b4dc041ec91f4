// Core API identity shapes (the contract in notes/IDENTITY-API.md).
import type { DeviceInfo } from '../api/device';

export interface Profile {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  fullName: string;
  msisdn: string | null;
  avatar: string | null;
}

/** The refresh token is never in a body: it travels in an HttpOnly cookie scoped to /v1/auth. */
export interface AuthTokens {
  accessToken: string;
  /** Epoch seconds of the access token's expiry. */
  expiresAt: number;
}

export interface CoreSignIn {
  auth: AuthTokens;
  user: Profile;
}

/** The Account payload sent at sign-up (spec §3). */
export interface AccountPayload {
  firebaseRefId: string;
  username: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  msisdn: string | null;
  /** Always empty: the core API never receives a password. */
  password: '';
  avatar: string | null;
  termsAccepted: boolean;
  termsVersion: string;
  privacyPolicyAccepted: boolean;
  privacyPolicyVersion: string;
  cookiePolicyAccepted: boolean;
  cookiePolicyVersion: string;
  roles: string[];
  device: DeviceInfo;
}

export interface IdentityConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; emulatorUrl: string | null };
}

/** Version of the terms, privacy and cookie policies accepted at sign-up (spec §5). */
export const POLICY_VERSION = '1.0.0';
