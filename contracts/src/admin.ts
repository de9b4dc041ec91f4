// Management for Admins: the platform at a glance, accounts (suspend, restore), listings (take
// down, restore), the seller verification queue and the audit of every Admin action.
import { z } from 'zod';
import { boundedText, kesAmount, requiredText } from './fields';
import { appRoleSchema } from './roles';

/** One figure of the overview and the path of the list behind it. */
const figureSchema = z.object({ count: z.number().int().min(0), href: z.string() });
const moneyFigureSchema = figureSchema.extend({ value: kesAmount() });

/** GET /v1/admin/overview: today and this month are Nairobi days. */
export const adminOverviewSchema = z.object({
  ordersToday: moneyFigureSchema,
  ordersThisMonth: moneyFigureSchema,
  /** This month's payments per method; `rate` is whole percent, null before any attempt. */
  paymentSuccess: z.array(
    z.object({
      method: z.string(),
      attempts: z.number().int().min(0),
      succeeded: z.number().int().min(0),
      rate: z.number().int().min(0).max(100).nullable(),
      href: z.string(),
    }),
  ),
  newAccountsToday: figureSchema,
  newAccountsThisMonth: figureSchema,
  sellersWaiting: figureSchema,
  flaggedPayments: figureSchema,
  switchedOffRemotes: figureSchema,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** Keyset pages: the cursor is opaque to the page (base64url of the last row's sort key). */
const cursorField = z
  .string()
  .max(200, { abort: true, message: 'must be at most 200 characters' })
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor this list gave')
  .optional();
const searchField = boundedText(100).optional();

export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES, { error: 'must be active or suspended' });
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** GET /v1/admin/accounts?q&role&status&cursor: q matches name, e-mail or phone. */
export const adminAccountQuerySchema = z.object({
  q: searchField,
  role: appRoleSchema.optional(),
  status: z.enum(['all', ...ACCOUNT_STATUSES], { error: 'must be all, active or suspended' }).default('all'),
  cursor: cursorField,
});
export type AdminAccountQuery = z.input<typeof adminAccountQuerySchema>;

export const adminAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  roles: z.array(appRoleSchema),
  status: accountStatusSchema,
  suspension: z.object({ at: z.string(), reason: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountPageSchema = z.object({ items: z.array(adminAccountSchema), nextCursor: z.string().nullable() });
export type AdminAccountPage = z.infer<typeof adminAccountPageSchema>;

export const adminSubjectParamsSchema = z.object({ id: z.string() });

/** Suspend, restore, take down: the reason is kept in the audit (and a take-down's is told to the seller). */
export const adminReasonSchema = z.object({ reason: requiredText(500) }, { error: 'is required' });
export type AdminReason = z.input<typeof adminReasonSchema>;

/** GET /v1/admin/sellers?verified=false: the verification queue (oldest first). */
export const adminSellerQuerySchema = z.object({
  verified: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});
export const adminSellerSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  county: z.string(),
  email: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
});
export type AdminSeller = z.infer<typeof adminSellerSchema>;
export const adminSellerListSchema = z.object({ items: z.array(adminSellerSchema) });

export const ADMIN_PRODUCT_STATUSES = ['active', 'paused', 'taken_down'] as const;
export const adminProductStatusSchema = z.enum(ADMIN_PRODUCT_STATUSES);
export type AdminProductStatus = z.infer<typeof adminProductStatusSchema>;

/** GET /v1/admin/products?q&status&cursor: every listing of every seller (deleted ones excepted). */
export const adminProductQuerySchema = z.object({
  q: searchField,
  status: z.enum(['all', ...ADMIN_PRODUCT_STATUSES], { error: 'must be all, active, paused or taken_down' }).default('all'),
  cursor: cursorField,
});
export type AdminProductQuery = z.input<typeof adminProductQuerySchema>;

export const adminProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: kesAmount(),
  sellerId: z.string(),
  sellerName: z.string(),
  status: adminProductStatusSchema,
  takenDown: z.object({ at: z.string(), reason: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductPageSchema = z.object({ items: z.array(adminProductSchema), nextCursor: z.string().nullable() });
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

export const ADMIN_ACTIONS = [
  'account.suspend',
  'account.restore',
  'product.take_down',
  'product.restore',
  'seller.verify',
  'seller.unverify',
  'account.admin_grant',
  'account.admin_remove',
  'refund.settle',
  'api_key.create',
  'api_key.revoke',
  'webhook.create',
  'webhook.disable',
] as const;
export type AdminActionName = (typeof ADMIN_ACTIONS)[number];
export const ADMIN_SUBJECT_KINDS = ['account', 'product', 'seller', 'refund', 'api_key', 'webhook'] as const;
export type AdminSubjectKind = (typeof ADMIN_SUBJECT_KINDS)[number];

/** GET /v1/admin/actions?subject=account:<id> (or product:, seller:): newest first. */
export const adminActionQuerySchema = z.object({
  subject: z
    .string({ error: 'is required' })
    .max(100, { abort: true, message: 'must be at most 100 characters' })
    .regex(
      /^(account|product|seller|api_key|webhook):[0-9a-fA-F-]{1,64}$/,
      'must be account:, product:, seller:, api_key: or webhook: and an id',
    ),
});

export const adminActionSchema = z.object({
  id: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  actorName: z.string().nullable(),
  subjectKind: z.enum(ADMIN_SUBJECT_KINDS),
  subjectId: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAction = z.infer<typeof adminActionSchema>;
export const adminActionListSchema = z.object({ items: z.array(adminActionSchema) });
