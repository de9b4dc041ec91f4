import { z } from 'zod';
import { KENYA_COUNTIES } from './counties';
import { APP_ROLES } from './role-values';

const title = z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters');
const text = z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters');

/** POST /v1/admin/announcements: both languages, who hears it, now or at a time (ISO with offset; the form sends Nairobi's +03:00). */
export const adminAnnouncementRequestSchema = z.strictObject({
  titleEn: title,
  bodyEn: text,
  titleSw: title,
  bodySw: text,
  roles: z
    .array(z.enum(APP_ROLES))
    .min(1, 'choose at least one role')
    .max(APP_ROLES.length)
    .transform((r) => [...new Set(r)]),
  /** None: all of Kenya. */
  counties: z
    .array(z.enum(KENYA_COUNTIES as [string, ...string[]]))
    .max(KENYA_COUNTIES.length)
    .default([])
    .transform((c) => [...new Set(c)]),
  publishAt: z.iso.datetime({ offset: true }).optional(),
});
export type AdminAnnouncementRequest = z.input<typeof adminAnnouncementRequestSchema>;

/** POST /v1/seller/announcements: to the shop's followers, in the seller's own words. */
export const sellerAnnouncementRequestSchema = z.strictObject({ title, body: text });
export type SellerAnnouncementRequest = z.input<typeof sellerAnnouncementRequestSchema>;

export const ANNOUNCEMENT_STATES = ['scheduled', 'published'] as const;

/** An announcement as its author sees it: both languages, audience, state and how many it reached. */
export const authoredAnnouncementSchema = z.object({
  id: z.string(),
  titleEn: z.string(),
  bodyEn: z.string(),
  titleSw: z.string(),
  bodySw: z.string(),
  roles: z.array(z.string()),
  counties: z.array(z.string()),
  publishAt: z.string(),
  state: z.enum(ANNOUNCEMENT_STATES),
  /** People notified so far. */
  reach: z.number().int().min(0),
});
export type AuthoredAnnouncement = z.infer<typeof authoredAnnouncementSchema>;
export const authoredAnnouncementListSchema = z.object({ items: z.array(authoredAnnouncementSchema) });
export type AuthoredAnnouncementList = z.infer<typeof authoredAnnouncementListSchema>;

export const announcementParamsSchema = z.strictObject({ id: z.uuid() });

/** One announcement that reached the reader, in their language. */
export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** The shop's name for a seller's post; null for ShambaSoko's own. */
  from: z.string().nullable(),
  publishedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
/** GET /v1/announcements: newest first. */
export const announcementListSchema = z.object({ items: z.array(announcementSchema) });
export type AnnouncementList = z.infer<typeof announcementListSchema>;
