import { z } from 'zod';
import * as c from './index';

/**
 * The core API's routes and the contract schema of each request and answer body: what the test kit's
 * mockApi checks fakes against. core-api's `api-routes.test.ts` proves every row is the very schema the
 * route declares, so this table cannot drift from the API. React-free.
 */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `:name` parameters, as registered in core-api. */
  path: string;
  request?: z.ZodType;
  response: z.ZodType;
}

/** The five routes of a farm resource, as core-api's `resourceRoutes` registers them. */
function farmResource(r: {
  path: string;
  idParam: string;
  createPath?: string;
  item: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
}): ApiRoute[] {
  const one = `${r.path}/:${r.idParam}`;
  return [
    { method: 'GET', path: r.path, response: c.farmListPage(r.item) },
    { method: 'POST', path: r.createPath ?? r.path, request: r.create, response: r.item },
    { method: 'GET', path: one, response: r.item },
    { method: 'PATCH', path: one, request: r.update, response: r.item },
    { method: 'DELETE', path: one, response: c.deletedAnswer },
  ];
}

export const FARM_ROUTES: ApiRoute[] = [
  ...farmResource({ path: '/v1/farms', idParam: 'farmId', item: c.farm, create: c.createFarmBody, update: c.updateFarmBody }),
  ...farmResource({
    path: '/v1/fields',
    idParam: 'fieldId',
    createPath: '/v1/farms/:farmId/fields',
    item: c.field,
    create: c.createFieldBody,
    update: c.updateFieldBody,
  }),
  ...farmResource({ path: '/v1/seasons', idParam: 'seasonId', item: c.season, create: c.createSeasonBody, update: c.updateSeasonBody }),
  ...farmResource({ path: '/v1/crops', idParam: 'cropId', item: c.crop, create: c.createCropBody, update: c.updateCropBody }),
  ...farmResource({
    path: '/v1/activities',
    idParam: 'activityId',
    item: c.activity,
    create: c.createActivityBody,
    update: c.updateActivityBody,
  }),
  // Before /v1/costs/:costId, which its path would match too.
  { method: 'GET', path: '/v1/costs/total', response: c.costsTotal },
  ...farmResource({ path: '/v1/costs', idParam: 'costId', item: c.cost, create: c.createCostBody, update: c.updateCostBody }),
  { method: 'GET', path: '/v1/farm-users/people', response: c.farmListPage(c.farmPerson) },
  ...farmResource({
    path: '/v1/farm-users',
    idParam: 'membershipId',
    createPath: '/v1/farms/:farmId/users',
    item: c.farmUser,
    create: c.createMemberBody,
    update: c.updateMemberBody,
  }),
  { method: 'GET', path: '/v1/budgets', response: c.budgetPlan },
  { method: 'PUT', path: '/v1/budgets', request: c.putBudgetBody, response: c.budgetPlan },
  { method: 'GET', path: '/v1/budget/summary', response: c.budgetSummary },
  { method: 'GET', path: '/v1/dashboard', response: c.dashboard },
  { method: 'GET', path: '/v1/activities/mine', response: c.myActivities },
  { method: 'GET', path: '/v1/filters', response: c.farmFilters },
  // Farm records (issue 42): harvests, income, profit and the report's share link.
  { method: 'GET', path: '/v1/crops/:cropId/harvests', response: c.cropHarvests },
  { method: 'POST', path: '/v1/crops/:cropId/harvests', request: c.createHarvestBody, response: c.harvest },
  { method: 'PATCH', path: '/v1/harvests/:harvestId', request: c.updateHarvestBody, response: c.harvest },
  { method: 'DELETE', path: '/v1/harvests/:harvestId', response: c.deletedAnswer },
  { method: 'GET', path: '/v1/crops/:cropId/income', response: c.cropIncome },
  { method: 'POST', path: '/v1/crops/:cropId/income', request: c.createIncomeBody, response: c.incomeEntry },
  { method: 'PATCH', path: '/v1/income/:incomeId', request: c.updateIncomeBody, response: c.incomeEntry },
  { method: 'DELETE', path: '/v1/income/:incomeId', response: c.deletedAnswer },
  { method: 'GET', path: '/v1/farms/:farmId/profit', response: c.farmProfit },
  { method: 'GET', path: '/v1/farms/:farmId/yields', response: c.farmYields },
  { method: 'POST', path: '/v1/farms/:farmId/report-link', request: c.farmReportLinkBody, response: c.shareLinkSchema },
];

/** The selling side (issue 15): profile, listings, photos, stock, storefront, the verified badge. */
const SELLER_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/v1/seller/profile', response: c.sellerProfileAnswerSchema },
  { method: 'PUT', path: '/v1/seller/profile', request: c.sellerProfileRequestSchema, response: c.sellerProfileSchema },
  { method: 'GET', path: '/v1/seller/products', response: c.sellerListingPageSchema },
  { method: 'POST', path: '/v1/seller/products', request: c.createListingSchema, response: c.sellerListingSchema },
  { method: 'GET', path: '/v1/seller/products/:id', response: c.sellerListingSchema },
  { method: 'PATCH', path: '/v1/seller/products/:id', request: c.updateListingSchema, response: c.sellerListingSchema },
  { method: 'DELETE', path: '/v1/seller/products/:id', response: c.deletedAnswer },
  { method: 'POST', path: '/v1/seller/products/:id/photos', response: c.sellerListingSchema },
  { method: 'DELETE', path: '/v1/seller/products/:id/photos/:photoId', response: c.sellerListingSchema },
  {
    method: 'POST',
    path: '/v1/seller/products/:id/stock-adjustments',
    request: c.stockAdjustmentRequestSchema,
    response: c.stockAdjustmentSchema,
  },
  { method: 'GET', path: '/v1/seller/inventory', response: c.inventoryPageSchema },
  { method: 'GET', path: '/v1/market/commission-rates', response: c.commissionRatesSchema },
  {
    method: 'PUT',
    path: '/v1/admin/commission-rates/:category',
    request: c.commissionRateRequestSchema,
    response: c.commissionRatesSchema,
  },
  { method: 'GET', path: '/v1/seller/balance', response: c.sellerBalanceSchema },
  // Statements and share links (issue 40); the PDFs are files, not envelopes
  { method: 'GET', path: '/v1/seller/statements/:month', response: c.sellerStatementSchema },
  { method: 'POST', path: '/v1/share-links', request: c.shareLinkRequestSchema, response: c.shareLinkSchema },

  { method: 'GET', path: '/v1/seller/payouts', response: c.payoutListSchema },
  { method: 'POST', path: '/v1/seller/payouts', request: c.payoutRequestSchema, response: c.payoutSchema },
  { method: 'PUT', path: '/v1/seller/payout-settings', request: c.payoutSettingsRequestSchema, response: c.payoutSettingsSchema },
  { method: 'GET', path: '/v1/sellers/:id', response: c.publicStorefrontSchema },
  { method: 'PUT', path: '/v1/admin/sellers/:id/verified', request: c.sellerVerifiedRequestSchema, response: c.sellerProfileSchema },
];

export const MARKET_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/v1/products', response: c.productSearchResultSchema },
  { method: 'GET', path: '/v1/products/featured', response: c.featuredProductsSchema },
  { method: 'GET', path: '/v1/products/:id', response: c.publicProductSchema },
  { method: 'POST', path: '/v1/products/:id/reviews', request: c.newReviewSchema, response: c.reviewSchema },
  { method: 'GET', path: '/v1/counties', response: c.countiesSchema },
  { method: 'GET', path: '/v1/search/suggest', response: c.searchSuggestionsSchema },
  { method: 'GET', path: '/v1/cart', response: c.cartSchema },
  { method: 'POST', path: '/v1/cart/items', response: c.cartSchema },
  { method: 'PATCH', path: '/v1/cart/items/:productId', request: c.updateCartItemSchema, response: c.cartSchema },
  { method: 'DELETE', path: '/v1/cart/items/:productId', response: c.cartSchema },
  { method: 'POST', path: '/v1/cart/merge', request: c.cartMergeRequestSchema, response: c.cartSchema },
  { method: 'GET', path: '/v1/favourites', response: c.favouritesListSchema },
  { method: 'PUT', path: '/v1/favourites/:productId', response: c.favouritesListSchema },
  { method: 'DELETE', path: '/v1/favourites/:productId', response: c.favouritesListSchema },
  { method: 'POST', path: '/v1/promos/validate', request: c.promoValidationRequestSchema, response: c.promoValidationSchema },
  { method: 'POST', path: '/v1/orders', request: c.placeOrderRequestSchema, response: c.orderSchema },
  { method: 'GET', path: '/v1/orders', response: c.orderListSchema },
  { method: 'GET', path: '/v1/orders/:id', response: c.orderSchema },
  // services and harvest listings
  { method: 'POST', path: '/v1/products/:id/service-requests', request: c.serviceRequestBodySchema, response: c.serviceRequestSchema },
  { method: 'GET', path: '/v1/service-requests', response: c.serviceRequestListSchema },
  { method: 'GET', path: '/v1/seller/service-requests', response: c.serviceRequestListSchema },
  { method: 'PATCH', path: '/v1/seller/service-requests/:id', request: c.serviceRequestUpdateSchema, response: c.serviceRequestSchema },
  { method: 'GET', path: '/v1/crops/:cropId/harvest-listing', response: c.harvestListingDraftSchema },
  { method: 'POST', path: '/v1/crops/:cropId/harvest-listing', request: c.harvestListingRequestSchema, response: c.sellerListingSchema },
  // prices from real sales (issue 42)
  { method: 'GET', path: '/v1/market/prices', response: c.priceSummarySchema },
  { method: 'GET', path: '/v1/market/prices/series', response: c.priceSeriesSchema },
  { method: 'GET', path: '/v1/market/prices/products/:id', response: c.productPriceSchema },
  ...SELLER_ROUTES,
  // Each seller's part of an order (issue 15)
  { method: 'POST', path: '/v1/orders/quote', request: c.orderQuoteRequestSchema, response: c.orderQuoteSchema },
  { method: 'POST', path: '/v1/orders/:id/cancel', request: c.buyerCancelRequestSchema, response: c.orderSchema },
  { method: 'POST', path: '/v1/orders/:id/fulfilments/:fulfilmentId/cancel', request: c.buyerCancelRequestSchema, response: c.orderSchema },
  { method: 'GET', path: '/v1/seller/sales', response: c.salesPageSchema },
  { method: 'GET', path: '/v1/seller/sales/:id', response: c.saleSchema },
  ...c.SALE_ACTIONS.map((action): ApiRoute => {
    const request = { dispatch: c.dispatchRequestSchema, cancel: c.sellerCancelRequestSchema }[action as string];
    return { method: 'POST', path: `/v1/seller/sales/:id/${action}`, ...(request ? { request } : {}), response: c.saleSchema };
  }),
  { method: 'POST', path: '/v1/admin/orders/:id/mark-paid', response: c.orderSchema },
  // Payments (issue 16)
  { method: 'POST', path: '/v1/orders/:id/payments', request: c.startPaymentRequestSchema, response: c.orderSchema },
  { method: 'POST', path: '/v1/orders/:id/payments/check', response: c.orderSchema },
  { method: 'GET', path: '/v1/admin/payments', response: c.adminPaymentListSchema },
  // The role homes (issue 39)
  { method: 'GET', path: '/v1/buyer/home', response: c.buyerHomeSchema },
  { method: 'GET', path: '/v1/buyer/suppliers', response: c.supplierListSchema },
  { method: 'GET', path: '/v1/seller/home', response: c.sellerHomeSchema },
  // Announcements (issue 41)
  { method: 'GET', path: '/v1/announcements', response: c.announcementListSchema },
  { method: 'GET', path: '/v1/admin/announcements', response: c.authoredAnnouncementListSchema },
  { method: 'POST', path: '/v1/admin/announcements', request: c.adminAnnouncementRequestSchema, response: c.authoredAnnouncementSchema },
  { method: 'DELETE', path: '/v1/admin/announcements/:id', response: z.null() },
  { method: 'GET', path: '/v1/seller/announcements', response: c.authoredAnnouncementListSchema },
  { method: 'POST', path: '/v1/seller/announcements', request: c.sellerAnnouncementRequestSchema, response: c.authoredAnnouncementSchema },
];

export const REGISTRY_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/v1/remotes/manifest', response: c.remotesManifestSchema },
  { method: 'GET', path: '/v1/admin/remotes', response: c.registryOverviewSchema },
  { method: 'PATCH', path: '/v1/admin/remotes/:name', request: c.remoteSettingsSchema, response: c.registryRemoteSchema },
  { method: 'POST', path: '/v1/admin/remotes/:name/promote', request: c.promoteRequestSchema, response: c.registryRemoteSchema },
  { method: 'POST', path: '/v1/admin/remotes/:name/rollback', response: c.registryRemoteSchema },
  { method: 'PUT', path: '/v1/admin/remotes/:name/rollout', request: c.rolloutRequestSchema, response: c.registryRemoteSchema },
  { method: 'DELETE', path: '/v1/admin/remotes/:name/rollout', response: c.registryRemoteSchema },
  { method: 'POST', path: '/v1/admin/remotes/publish', request: c.publishRequestSchema, response: c.publishAnswerSchema },
  { method: 'DELETE', path: '/v1/admin/remotes/:name', response: c.emptyAnswerSchema },
  { method: 'POST', path: '/v1/deploys/shell', request: c.shellBuildRequestSchema, response: c.emptyAnswerSchema },
  { method: 'POST', path: '/v1/deploys/:name', request: c.deployRequestSchema, response: c.registryRemoteSchema },
  { method: 'POST', path: '/v1/deploys/:name/rollback', response: c.registryRemoteSchema },
];

const ACCOUNT_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/v1/profile/status', response: c.profileAnswerSchema },
  { method: 'PATCH', path: '/v1/profile', request: c.profileUpdateSchema, response: c.profileAnswerSchema },
  { method: 'GET', path: '/v1/me/preferences', response: c.preferencesSchema },
  { method: 'PUT', path: '/v1/me/preferences', request: c.preferencesSchema, response: c.preferencesSchema },
  { method: 'GET', path: '/v1/me/sessions', response: c.signedInDevicesSchema },
  { method: 'DELETE', path: '/v1/me/sessions/:id', response: c.deleteAccountAnswerSchema },
  { method: 'GET', path: '/v1/me/push/key', response: c.pushKeySchema },
  { method: 'POST', path: '/v1/me/push/subscriptions', request: c.pushSubscribeSchema, response: c.pushSubscriptionStateSchema },
  { method: 'DELETE', path: '/v1/me/push/subscriptions', request: c.pushUnsubscribeSchema, response: c.pushSubscriptionStateSchema },
  { method: 'PUT', path: '/v1/admin/accounts/admin-role', request: c.adminRoleGrantSchema, response: c.adminRoleAnswerSchema },
  { method: 'GET', path: '/v1/admin/overview', response: c.adminOverviewSchema },
  { method: 'GET', path: '/v1/admin/accounts', response: c.adminAccountPageSchema },
  { method: 'GET', path: '/v1/admin/accounts/:id', response: c.adminAccountSchema },
  { method: 'POST', path: '/v1/admin/accounts/:id/suspend', request: c.adminReasonSchema, response: c.adminAccountSchema },
  { method: 'POST', path: '/v1/admin/accounts/:id/restore', request: c.adminReasonSchema, response: c.adminAccountSchema },
  { method: 'GET', path: '/v1/admin/sellers', response: c.adminSellerListSchema },
  { method: 'GET', path: '/v1/admin/actions', response: c.adminActionListSchema },
  { method: 'GET', path: '/v1/admin/products', response: c.adminProductPageSchema },
  { method: 'GET', path: '/v1/admin/products/:id', response: c.adminProductSchema },
  { method: 'POST', path: '/v1/admin/products/:id/take-down', request: c.adminReasonSchema, response: c.adminProductSchema },
  { method: 'POST', path: '/v1/admin/products/:id/restore', request: c.adminReasonSchema, response: c.adminProductSchema },
  { method: 'GET', path: '/v1/admin/reconciliation', response: c.reconciliationSchema },
  { method: 'GET', path: '/v1/admin/refunds', response: c.manualRefundListSchema },
  { method: 'POST', path: '/v1/admin/refunds/:fulfilmentId/settle', request: c.settleRefundSchema, response: c.manualRefundSchema },
];

const REPORT_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/v1/reports/sales', response: c.salesReportSchema },
  { method: 'GET', path: '/v1/reports/spending', response: c.spendingReportSchema },
  { method: 'GET', path: '/v1/reports/platform', response: c.platformReportSchema },
];

/** After delivery: confirmation, disputes (photo uploads send the raw file: no request schema). */
const DISPUTE_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/v1/orders/:id/aftercare', response: c.orderAftercareSchema },
  { method: 'POST', path: '/v1/orders/:id/fulfilments/:fulfilmentId/confirm-delivery', response: c.orderAftercareSchema },
  {
    method: 'POST',
    path: '/v1/orders/:id/fulfilments/:fulfilmentId/dispute',
    request: c.openDisputeRequestSchema,
    response: c.disputeSchema,
  },
  { method: 'POST', path: '/v1/orders/:id/fulfilments/:fulfilmentId/dispute/photos', response: c.disputeSchema },
  { method: 'GET', path: '/v1/seller/sales/:id/dispute', response: c.saleDisputeSchema },
  { method: 'POST', path: '/v1/seller/sales/:id/dispute/answer', request: c.disputeAnswerRequestSchema, response: c.disputeSchema },
  { method: 'POST', path: '/v1/seller/sales/:id/dispute/photos', response: c.disputeSchema },
  { method: 'GET', path: '/v1/admin/disputes', response: c.disputePageSchema },
  { method: 'GET', path: '/v1/admin/disputes/:id', response: c.disputeSchema },
  { method: 'POST', path: '/v1/admin/disputes/:id/decide', request: c.disputeDecisionRequestSchema, response: c.disputeSchema },
];

const MESSAGE_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/v1/conversations', response: c.conversationListSchema },
  { method: 'POST', path: '/v1/conversations', request: c.startConversationRequestSchema, response: c.conversationSchema },
  { method: 'GET', path: '/v1/conversations/farm/:farmId', response: c.conversationSchema },
  { method: 'GET', path: '/v1/conversations/:id', response: c.conversationSchema },
  { method: 'GET', path: '/v1/conversations/:id/messages', response: c.messagePageSchema },
  { method: 'POST', path: '/v1/conversations/:id/messages', request: c.sendMessageRequestSchema, response: c.messageSchema },
  { method: 'POST', path: '/v1/conversations/:id/read', response: c.conversationSchema },
  // The photo goes as the raw file (no request schema); it is read back as bytes, not an envelope.
  { method: 'POST', path: '/v1/conversations/:id/photos', response: c.messageSchema },
  { method: 'POST', path: '/v1/conversations/:id/report', request: c.reportConversationRequestSchema, response: c.messageReportSchema },
  { method: 'GET', path: '/v1/admin/message-reports', response: c.messageReportPageSchema },
  {
    method: 'POST',
    path: '/v1/admin/message-reports/:id/resolve',
    request: c.resolveMessageReportRequestSchema,
    response: c.messageReportSchema,
  },
  { method: 'GET', path: '/v1/messages/unread', response: c.unreadCountSchema },
  { method: 'POST', path: '/v1/messages/stream-ticket', response: c.streamTicketSchema },
  { method: 'POST', path: '/v1/users/:id/block', response: c.blockStateSchema },
  { method: 'DELETE', path: '/v1/users/:id/block', response: c.blockStateSchema },
];

/** External › Integrations (issue 44): partners' API keys and webhooks. */
const INTEGRATION_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/v1/admin/integrations', response: c.integrationsSchema },
  { method: 'POST', path: '/v1/admin/integrations/keys', request: c.createApiKeySchema, response: c.createdApiKeySchema },
  { method: 'POST', path: '/v1/admin/integrations/keys/:id/revoke', response: c.apiKeySchema },
  { method: 'POST', path: '/v1/admin/integrations/webhooks', request: c.createWebhookSchema, response: c.createdWebhookSchema },
  { method: 'POST', path: '/v1/admin/integrations/webhooks/:id/disable', response: c.webhookSchema },
  { method: 'GET', path: '/v1/admin/integrations/webhooks/:id/deliveries', response: c.webhookDeliveryListSchema },
  { method: 'POST', path: '/v1/admin/integrations/webhooks/:id/test', response: c.webhookDeliverySchema },
];

export const API_ROUTES: ApiRoute[] = [
  ...FARM_ROUTES,
  ...MARKET_ROUTES,
  ...ACCOUNT_ROUTES,
  ...REGISTRY_ROUTES,
  ...REPORT_ROUTES,
  ...DISPUTE_ROUTES,
  ...MESSAGE_ROUTES,
  ...INTEGRATION_ROUTES,
];

function matcher(path: string): RegExp {
  const pattern = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[A-Za-z]+/g, '/[^/]+');
  return new RegExp(`^${pattern}$`);
}

const compiled = API_ROUTES.map((route) => ({ route, test: matcher(route.path) }));

/** The route a concrete request path belongs to (`/v1/crops/c-1` → `/v1/crops/:cropId`). Fixed paths win over parameters. */
export function routeOf(method: string, path: string): ApiRoute | undefined {
  const found = compiled.filter((r) => r.route.method === method && r.test.test(path)).map((r) => r.route);
  return found.find((r) => !r.path.includes(':')) ?? found[0];
}
