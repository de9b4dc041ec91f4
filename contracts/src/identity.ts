import { PHONE_ACCOUNT_DOMAIN } from './phone-account';
// Identity contract between core-api and the auth front end: the bodies of
// /v1/config, /v1/auth/* and /v1/profile*. The refresh token never appears in a body: it travels in
// an HttpOnly cookie scoped to /v1/auth.
import { z } from 'zod';
import { emailField } from './fields';
import { normaliseKenyanPhone } from './fields-rules';
import { appRoleSchema, selfServiceRolesSchema } from './roles';

// Over-long text stops at the length check: no pattern or refinement after it runs on 100,000 characters.
const text = (max: number) => z.string().trim().max(max, { abort: true });
const firstNameField = text(100).min(1, 'First name is required');
const lastNameField = text(100).min(1, 'Last name is required');

// ---- Responses -------------------------------------------------------------------------------

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  msisdn: z.string().nullable(),
  avatar: z.string().nullable(),
  /** The roles the account holds, in the switcher's order. */
  roles: z.array(appRoleSchema),
});
export type Profile = z.infer<typeof profileSchema>;

export const authTokensSchema = z.object({
  accessToken: z.string(),
  /** Epoch seconds of the access token's expiry. */
  expiresAt: z.number(),
});
export type AuthTokens = z.infer<typeof authTokensSchema>;

/** Answer of create-account, login and login/google. */
export const coreSignInSchema = z.object({ auth: authTokensSchema, user: profileSchema });
export type CoreSignIn = z.infer<typeof coreSignInSchema>;

/** Answer of POST /v1/auth/refresh. */
export const refreshAnswerSchema = z.object({ auth: authTokensSchema, roles: z.array(appRoleSchema) });
export type RefreshAnswer = z.infer<typeof refreshAnswerSchema>;

/** Answer of POST /v1/auth/logout. */
export const logoutAnswerSchema = z.object({});

export const identityConfigSchema = z.object({
  firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), emulatorUrl: z.string().nullable() }),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const emailStatusSchema = z.object({ exists: z.boolean() });
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** Answer of GET /v1/profile/status and PATCH /v1/profile. */
export const profileAnswerSchema = z.object({ user: profileSchema });
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

// ---- Requests --------------------------------------------------------------------------------

const idTokenSchema = z.string().min(20, 'idToken is required').max(8192);
const REQUIRED_EMAIL = 'Enter a valid e-mail address';

// Older clients still send serial number, IMEI, IP and MAC address: accepted, never stored. Sessions
// keep only what the "your devices" list needs (Data Policy; Kenya Data Protection Act 2019).
export const deviceSchema = z
  .object({
    make: text(100),
    model: text(100),
    os: text(100),
    osVersion: text(50),
    serialNumber: text(100),
    imei: text(100),
    ipAddress: text(64),
    macAddress: text(64),
  })
  .partial()
  .transform(({ make, model, os, osVersion }) => ({ make, model, os, osVersion }))
  .optional();
export type DeviceInput = z.output<typeof deviceSchema>;

/** The Account payload sent at sign-up. */
export const accountSchema = z.object({
  firebaseRefId: z.string().min(1).max(128),
  username: text(100).optional(),
  firstName: firstNameField,
  lastName: lastNameField,
  fullName: text(200).optional(),
  email: emailField(REQUIRED_EMAIL),
  msisdn: text(32).nullish(),
  // The identity provider holds passwords; the core API must never receive one (spec: empty by default).
  password: z.literal('', { message: 'must be empty: the password is never sent to ShambaSoko' }).default(''),
  avatar: text(2048).nullish(),
  termsAccepted: z.boolean(),
  termsVersion: text(20),
  privacyPolicyAccepted: z.boolean(),
  privacyPolicyVersion: text(20),
  cookiePolicyAccepted: z.boolean(),
  cookiePolicyVersion: text(20),
  // Self-service only: Admin is granted by an Admin.
  roles: selfServiceRolesSchema,
  device: deviceSchema,
  /** The language the person chose before signing up (the landing page's switch): the new account's preference. */
  language: z.enum(['en', 'sw'], { error: 'must be English (en) or Kiswahili (sw)' }).optional(),
});
/** The parsed account, as the API's service works with it. */
export type AccountInput = z.output<typeof accountSchema>;
/** What the sign-up form sends. */
export type AccountPayload = z.input<typeof accountSchema>;

export const emailStatusRequestSchema = z.object({ email: emailField(REQUIRED_EMAIL) });
export type EmailStatusRequest = z.input<typeof emailStatusRequestSchema>;

export const createAccountRequestSchema = z.object({ idToken: idTokenSchema, account: accountSchema });
export type CreateAccountRequest = z.input<typeof createAccountRequestSchema>;

export const loginRequestSchema = z.object({ idToken: idTokenSchema, device: deviceSchema, webClient: z.boolean().optional() });
export type LoginRequest = z.input<typeof loginRequestSchema>;

const POLICY_NOT_ACCEPTED = 'must be accepted to create an account';

/**
 * What a sign-up page's Google button sends: the policies the person agreed to there and the roles
 * they chose. Without it a Google identity with no account is refused (404): signing in never
 * creates an account.
 */
const signUpConsentSchema = z.object({
  termsAccepted: z.literal(true, { message: POLICY_NOT_ACCEPTED }),
  termsVersion: text(20).min(1),
  privacyPolicyAccepted: z.literal(true, { message: POLICY_NOT_ACCEPTED }),
  privacyPolicyVersion: text(20).min(1),
  cookiePolicyAccepted: z.literal(true, { message: POLICY_NOT_ACCEPTED }),
  cookiePolicyVersion: text(20).min(1),
  // Self-service only, as at e-mail sign-up: a new account never enters as a Farmer by default.
  roles: selfServiceRolesSchema,
  /** As at e-mail sign-up: the language chosen before signing up. */
  language: z.enum(['en', 'sw'], { error: 'must be English (en) or Kiswahili (sw)' }).optional(),
});

export const googleLoginRequestSchema = z.object({
  idToken: idTokenSchema,
  firebaseRefId: z.string().max(128).optional(),
  signOutOtherSessions: z.boolean().default(false),
  device: deviceSchema,
  signUp: signUpConsentSchema.optional(),
});
export type GoogleLoginRequest = z.input<typeof googleLoginRequestSchema>;

export const ADMIN_NOT_SELF_SERVICE = 'Admin is granted by an administrator; it cannot be chosen in Profile Settings.';

/** Profile Settings' roles: at least one self-service role; naming Admin is refused (it is kept as it is). */
const profileRolesSchema = z
  .array(appRoleSchema, { error: 'Choose at least one role' })
  .refine((roles) => !roles.includes('Admin'), ADMIN_NOT_SELF_SERVICE)
  .pipe(selfServiceRolesSchema);

export const profileUpdateSchema = z
  .object({ firstName: firstNameField, lastName: text(100), msisdn: text(32).nullable(), roles: profileRolesSchema })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

// ---- Forms -----------------------------------------------------------------------------------
// The auth and profile forms resolve with these (react-hook-form + zodResolver); the words are the
// product spec's (§5, §8). They load with the auth pages only, never with the landing page.

export const MIN_PASSWORD_LENGTH = 6;
/** Optional plus, then at least 10 digits, spaces, hyphens or brackets. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;

export const FORM_MESSAGES = {
  passwordsDiffer: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordRequired: 'Enter your password',
  phone: 'Enter a phone number with at least 10 digits, e.g. +254 712 345 678',
} as const;

const formEmail = emailField(REQUIRED_EMAIL, REQUIRED_EMAIL);
const newPassword = z.string().min(MIN_PASSWORD_LENGTH, FORM_MESSAGES.passwordTooShort);
const isPhone = (phone: string) => PHONE_PATTERN.test(phone);
const phoneField = text(32).refine(isPhone, FORM_MESSAGES.phone);

type PasswordPair = { password: string; confirmPassword: string };
/** 'Passwords do not match' on the confirm field, checked even while other fields still fail. */
const confirmed = <T extends z.ZodType<PasswordPair>>(schema: T) =>
  schema.refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: FORM_MESSAGES.passwordsDiffer,
    when: ({ value }) => typeof value === 'object' && value !== null,
  });

export const signInFormSchema = z.object({ email: formEmail, password: z.string().min(1, FORM_MESSAGES.passwordRequired) });
export type SignInFormValues = z.input<typeof signInFormSchema>;

export const passwordResetFormSchema = z.object({ email: formEmail });
export type PasswordResetFormValues = z.input<typeof passwordResetFormSchema>;

const newAccountFields = {
  firstName: firstNameField,
  lastName: lastNameField,
  email: formEmail,
  password: newPassword,
  confirmPassword: z.string(),
};

export const signUpFormSchema = confirmed(z.object({ ...newAccountFields, roles: selfServiceRolesSchema }));
export type SignUpFormValues = z.input<typeof signUpFormSchema>;

/** Get-started: an existing account needs only its password; a new one, the sign-up fields and a phone. */
export const getStartedFormSchema = {
  existing: z.object({ email: formEmail, password: newPassword }),
  new: confirmed(z.object({ ...newAccountFields, phone: phoneField, roles: selfServiceRolesSchema })),
} as const;
export type GetStartedFormValues = SignUpFormValues & { phone: string };

/** "I am a…" on its own: after a Google or phone sign-up's provider step, or for an account without roles. */
export const roleChoiceFormSchema = z.object({ roles: selfServiceRolesSchema });
export type RoleChoiceFormValues = z.input<typeof roleChoiceFormSchema>;

/** Profile Settings: the phone is optional, and checked when given. */
export const profileFormSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  msisdn: text(32).refine((phone) => phone === '' || isPhone(phone), FORM_MESSAGES.phone),
  roles: selfServiceRolesSchema,
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;

export { PHONE_ACCOUNT_DOMAIN, shownEmail } from './phone-account';

/** The account address of a Kenyan number however typed; null when it is not one. */
export function phoneAccountEmail(phone: string): string | null {
  const normalised = normaliseKenyanPhone(phone) ?? (/^\+\d{8,15}$/.test(phone) ? phone : null);
  return normalised ? `${normalised.slice(1)}${PHONE_ACCOUNT_DOMAIN}` : null;
}

/** Security: the current password (checked by the provider), then a new one under the sign-up rules. */
export const changePasswordFormSchema = confirmed(
  z.object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    password: newPassword,
    confirmPassword: z.string(),
  }),
);
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;
