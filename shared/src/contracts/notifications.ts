// In-app notifications (/v1/notifications): the caller's latest ones and how many are unread.
import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.string(),
  /** e.g. order_placed, order_expired, activity_assigned, farm_member_added, farm_invitation. */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path inside the web app, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  /** ISO date-time. */
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

/** Answer of GET /v1/notifications and POST /v1/notifications/read: the latest 20. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** All unread ones, not only those listed. */
  unread: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
