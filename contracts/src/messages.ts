import { z } from 'zod';
import { boundedText, requiredText } from './fields';
import { MAX_MESSAGE_LENGTH, MESSAGE_REPORT_REASONS } from './message-values';

// Messages (issue 41): buyer–seller conversations about a product, an order or a storefront, and one
// conversation per farm for its members. Routes: /v1/conversations…, /v1/messages/…, /v1/users/:id/block.

export { MAX_MESSAGE_LENGTH, MAX_MESSAGE_PHOTOS, MESSAGE_REPORT_REASONS } from './message-values';
export const CONVERSATION_KINDS = ['product', 'order', 'storefront', 'farm'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** POST /v1/conversations: the buyer starts (or reopens) one with a seller, about at most one subject. */
export const startConversationRequestSchema = z
  .object(
    {
      sellerId: requiredText(64),
      productId: requiredText(64).optional(),
      orderId: requiredText(64).optional(),
    },
    { error: 'is required' },
  )
  .refine((r) => r.productId === undefined || r.orderId === undefined, {
    path: ['orderId'],
    message: 'give a product or an order, not both',
  });
export type StartConversationRequest = z.input<typeof startConversationRequestSchema>;

/** Bidirectional overrides would let a message show another text than it holds (a spoofed link or amount). */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/** POST /v1/conversations/:id/messages */
export const sendMessageRequestSchema = z.object(
  { text: requiredText(MAX_MESSAGE_LENGTH).refine((text) => !BIDI_CONTROLS.test(text), 'contains characters that are not allowed') },
  { error: 'is required' },
);
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

export const conversationParamsSchema = z.object({ id: z.string() });
/**
 * POST /v1/conversations/:id/photos takes one photo as the raw body (as listing photos are sent) and
 * sends it as a message of its own. Its two sizes are read back, by the conversation's members only, at
 * GET /v1/conversations/:id/photos/:photo: `<hash>-400.webp` (the bubble's thumbnail) and `<hash>-800.webp`.
 */
export const MESSAGE_PHOTO_NAME = /^[0-9a-f]{32}-(400|800)\.webp$/;
export const messagePhotoParamsSchema = z.object({
  id: z.string(),
  photo: z.string().regex(MESSAGE_PHOTO_NAME, 'is not a photo of this conversation'),
});
export const farmConversationParamsSchema = z.object({ farmId: z.string() });
export const blockParamsSchema = z.object({ id: z.string() });
/** GET /v1/conversations/:id/messages?before=<message id>: the 50 before it, newest last. */
export const messagePageQuerySchema = z.object({ before: z.string().max(64).optional() });

export const conversationSubjectSchema = z.object({
  kind: z.enum(CONVERSATION_KINDS),
  productId: z.string().nullable(),
  orderId: z.string().nullable(),
  farmId: z.string().nullable(),
  /** The product's name, "Order SS-000123", the shop's or the farm's name. */
  title: z.string(),
  /** A product's first photo (path), else null. */
  photo: z.string().nullable(),
});

export const conversationSchema = z.object({
  id: z.string(),
  subject: conversationSubjectSchema,
  /** The other people in it, by name only: no phone numbers, no e-mail. */
  participants: z.array(z.object({ id: z.string(), name: z.string() })),
  lastMessage: z.object({ text: z.string(), senderId: z.string(), createdAt: z.string() }).nullable(),
  unread: z.number().int().min(0),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.object({ items: z.array(conversationSchema) });

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  text: z.string(),
  photos: z.array(z.string()),
  createdAt: z.string(),
  /** Every other participant has read up to it. */
  read: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;
export const messagePageSchema = z.object({ items: z.array(messageSchema), hasMore: z.boolean() });
export type MessagePage = z.infer<typeof messagePageSchema>;

export const MESSAGE_REPORT_STATUSES = ['open', 'resolved'] as const;

/** POST /v1/conversations/:id/report: a participant asks the Admins to look at a conversation. */
export const reportConversationRequestSchema = z.object(
  {
    reason: z.enum(MESSAGE_REPORT_REASONS, { error: 'must be spam, abuse, fraud or other' }),
    note: boundedText(1000).default(''),
  },
  { error: 'is required' },
);
export type ReportConversationRequest = z.input<typeof reportConversationRequestSchema>;

/** POST /v1/admin/message-reports/:id/resolve */
export const resolveMessageReportRequestSchema = z.object({ note: requiredText(500) }, { error: 'is required' });
export const messageReportQuerySchema = z.object({ status: z.enum(MESSAGE_REPORT_STATUSES).default('open') });
export const messageReportParamsSchema = z.object({ id: z.string() });

export const messageReportSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  subjectTitle: z.string(),
  reporterName: z.string(),
  reason: z.enum(MESSAGE_REPORT_REASONS),
  note: z.string(),
  status: z.enum(MESSAGE_REPORT_STATUSES),
  resolution: z.string().nullable(),
  createdAt: z.string(),
  /** The conversation's latest messages, for the Admin to judge. */
  messages: z.array(z.object({ senderName: z.string(), text: z.string(), createdAt: z.string() })),
});
export type MessageReport = z.infer<typeof messageReportSchema>;
export const messageReportPageSchema = z.object({ items: z.array(messageReportSchema) });

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export const streamTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export const blockStateSchema = z.object({ blocked: z.boolean() });
