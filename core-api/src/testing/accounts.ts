/** The consents a create-account body carries: the current terms, privacy and cookie policies, accepted. */
export const ACCEPTED_POLICIES = {
  termsAccepted: true,
  termsVersion: '1.0.0',
  privacyPolicyAccepted: true,
  privacyPolicyVersion: '1.0.0',
  cookiePolicyAccepted: true,
  cookiePolicyVersion: '1.0.0',
} as const;
