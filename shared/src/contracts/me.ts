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
