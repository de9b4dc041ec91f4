// The caller's own data (/v1/me): export and deletion. No id in any request, so nobody can name
// another person's account.
import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from './fields-rules';
import { profileSchema } from './identity';

const CONFIRM_REQUIRED = 'is required: type your account’s e-mail address';

/** Body of DELETE /v1/me: the account's e-mail, typed again. */
export const deleteAccountRequestSchema = z.object({
  confirmEmail: z.string({ error: CONFIRM_REQUIRED }).trim().min(1, CONFIRM_REQUIRED).max(MAX_EMAIL_LENGTH),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** The delete-account dialog: the request's rule, plus that the typed address is the account's (any case). */
export const confirmDeletionFormSchema = (accountEmail: string) =>
  deleteAccountRequestSchema.refine((v) => v.confirmEmail.toLowerCase() === accountEmail.toLowerCase(), {
    path: ['confirmEmail'],
    message: 'Type your account’s e-mail address',
  });

/** Answer of DELETE /v1/me. */
export const deleteAccountAnswerSchema = z.null();

export const consentSchema = z.object({ accepted: z.boolean(), version: z.string().nullable() });

// The export's profile is the session profile plus more, in the same key order.
const { id: profileId, email: profileEmail, ...profileRest } = profileSchema.shape;

/** Answer of GET /v1/me/export: the profile in full, then every list the person's data is in. */
export const myDataExportSchema = z
  .object({
    format: z.string(),
    exportedAt: z.string(),
    profile: z.object({
      id: profileId,
      email: profileEmail,
      emailVerified: z.boolean(),
      ...profileRest,
      identityProviderId: z.string(),
      consents: z.object({ terms: consentSchema, privacyPolicy: consentSchema, cookiePolicy: consentSchema }),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  })
  // The lists (orders, reviews, farms, sessions…) grow with the product; each is an array.
  .catchall(z.array(z.unknown()));
export type MyDataExport = z.infer<typeof myDataExportSchema>;

// ---- Preferences (GET/PUT /v1/me/preferences) -------------------------------------------------

export const LANGUAGES = ['en', 'sw'] as const;
export const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = { en: 'English', sw: 'Kiswahili' };
export const AREA_UNITS = ['acres', 'hectares'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];
/** The kinds of in-app notification a person can turn off, with the words the settings page shows. */
export const NOTIFICATION_KINDS = {
  orderUpdates: 'Order updates',
  taskAssignments: 'Task assignments',
  paymentUpdates: 'Payment updates',
  invitations: 'Farm invitations',
  messages: 'Messages',
  announcements: 'Announcements',
} as const;
/** How notices reach a person outside the app (issue 41), with the words the settings page shows. */
export const NOTICE_CHANNELS = {
  sms: 'SMS',
  email: 'E-mail',
  push: 'Push notifications',
  quietHours: 'Quiet hours (no SMS 21:00–07:00)',
} as const;

/** Body of PUT /v1/me/preferences and answer of both routes: the whole set, nothing unknown. */
export const preferencesSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: 'must be English (en) or Kiswahili (sw)' }),
  areaUnit: z.enum(AREA_UNITS, { error: 'must be acres or hectares' }),
  notifications: z.strictObject({
    orderUpdates: z.boolean({ error: 'must be true or false' }),
    taskAssignments: z.boolean({ error: 'must be true or false' }),
    paymentUpdates: z.boolean({ error: 'must be true or false' }),
    // Optional in a PUT so older clients keep working: left out, the saved value stays.
    invitations: z.boolean({ error: 'must be true or false' }).optional(),
    messages: z.boolean({ error: 'must be true or false' }).optional(),
    announcements: z.boolean({ error: 'must be true or false' }).optional(),
  }),
  channels: z
    .strictObject({
      sms: z.boolean({ error: 'must be true or false' }),
      email: z.boolean({ error: 'must be true or false' }),
      quietHours: z.boolean({ error: 'must be true or false' }),
      // Optional in a PUT so older clients keep working (048).
      push: z.boolean({ error: 'must be true or false' }).optional(),
    })
    .optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** What a person has until they save: acres is what Kenyan smallholders use. */
export const DEFAULT_PREFERENCES: Preferences = {
  language: 'en',
  areaUnit: 'acres',
  notifications: {
    orderUpdates: true,
    taskAssignments: true,
    paymentUpdates: true,
    invitations: true,
    messages: true,
    announcements: true,
  },
  channels: { sms: true, email: true, quietHours: false, push: true },
};

// ---- Signed-in devices (GET /v1/me/sessions, DELETE /v1/me/sessions/:id) ----------------------

export const signedInDeviceSchema = z.object({
  id: z.string(),
  /** e.g. "Android · SM-A146B" or "Windows · Desktop". */
  device: z.string(),
  /** How they signed in: password, google or phone. */
  provider: z.string(),
  signedInAt: z.string(),
  /** The last time its refresh token was turned (or the sign-in itself). */
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;
export const signedInDevicesSchema = z.object({ items: z.array(signedInDeviceSchema) });
export type SignedInDevices = z.infer<typeof signedInDevicesSchema>;

// ---- Web push (GET /v1/me/push/key, POST and DELETE /v1/me/push/subscriptions) ----------------

/** Answer of GET /v1/me/push/key: the VAPID public key for pushManager.subscribe; null when push is off. */
export const pushKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof pushKeySchema>;

const base64url = (min: number, max: number) =>
  z
    .string({ error: 'is required' })
    .min(min, { error: 'is not a key' })
    .max(max, { error: 'is not a key' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'must be base64url' });

/** A push service's address; the server also holds it to https (production) and refuses local hosts. */
const endpointSchema = z
  .string({ error: 'is required' })
  .max(1000, { error: 'is too long' })
  .url({ error: 'must be a URL' })
  .regex(/^https?:\/\//, { error: 'must be an http(s) URL' });

/** Body of POST /v1/me/push/subscriptions: PushSubscription.toJSON() as the browser gives it. */
export const pushSubscribeSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export type PushSubscribe = z.infer<typeof pushSubscribeSchema>;

/** Body of DELETE /v1/me/push/subscriptions. */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });
export type PushUnsubscribe = z.infer<typeof pushUnsubscribeSchema>;

/** Answer of both: whether this endpoint now belongs to the signed-in person. */
export const pushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionState = z.infer<typeof pushSubscriptionStateSchema>;
