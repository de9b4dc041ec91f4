/** The consents a create-account body carries: the current terms, privacy and cookie policies, accepted. */
export const ACCEPTED_POLICIES = {
  termsAccepted: true,
  privacyPolicyAccepted: true,
  cookiePolicyAccepted: true,
  termsVersion: '1.0.0',
  privacyPolicyVersion: '1.0.0',
  cookiePolicyVersion: '1.0.0',
} as const;
