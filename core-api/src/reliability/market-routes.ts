// The selling side's routes (issue 15), each probed by market-isolation.test.ts as its owner, another
// seller, a buyer and a stranger. tenant-isolation.test.ts counts them as covered from here.
export const MARKET_MATRIX_ROUTES: readonly string[] = [
  // seller profile, listings, photos, inventory, storefront, admin verify
  'GET /v1/seller/profile',
  'PUT /v1/seller/profile',
  'GET /v1/seller/products',
  'POST /v1/seller/products',
  'GET /v1/seller/products/:id',
  'PATCH /v1/seller/products/:id',
  'DELETE /v1/seller/products/:id',
  'POST /v1/seller/products/:id/photos',
  'DELETE /v1/seller/products/:id/photos/:photoId',
  'POST /v1/seller/products/:id/stock-adjustments',
  'GET /v1/seller/inventory',
  'GET /v1/sellers/:id',
  'PUT /v1/admin/sellers/:id/verified',
  'GET /static/uploads/:file',
  // fulfilments: quote, sales, cancel, mark paid
  'POST /v1/orders/quote',
  'POST /v1/orders/:id/cancel',
  'POST /v1/orders/:id/fulfilments/:fulfilmentId/cancel',
  'GET /v1/seller/sales',
  'GET /v1/seller/sales/:id',
  'POST /v1/seller/sales/:id/mark-paid',
  'POST /v1/seller/sales/:id/accept',
  'POST /v1/seller/sales/:id/dispatch',
  'POST /v1/seller/sales/:id/deliver',
  'POST /v1/seller/sales/:id/cancel',
  'POST /v1/admin/orders/:id/mark-paid',
  // payments: Try again, check now, the Admin's review
  'POST /v1/orders/:id/payments',
  'POST /v1/orders/:id/payments/check',
  'GET /v1/admin/payments',
  // the books: commission rates and a seller's balance
  'GET /v1/market/commission-rates',
  'PUT /v1/admin/commission-rates/:category',
  'GET /v1/seller/balance',
  // statements, receipts and the links that share them
  'GET /v1/orders/:id/receipt.pdf',
  'GET /v1/seller/statements/:month',
  'GET /v1/seller/statements/:month.pdf',
  'POST /v1/share-links',
  'GET /v1/shared/:token.pdf',

  // payouts (issue 40)
  'GET /v1/seller/payouts',
  'POST /v1/seller/payouts',
  'PUT /v1/seller/payout-settings',
  // announcements (issue 41): what reaches me, a seller's posts to followers
  'GET /v1/announcements',
  'GET /v1/seller/announcements',
  'POST /v1/seller/announcements',
  // services and harvest listings
  'POST /v1/products/:id/service-requests',
  'GET /v1/service-requests',
  'GET /v1/seller/service-requests',
  'PATCH /v1/seller/service-requests/:id',
  'GET /v1/crops/:cropId/harvest-listing',
  'POST /v1/crops/:cropId/harvest-listing',
  // prices from real sales (issue 42): public figures of many sales, never one seller's
  'GET /v1/market/prices',
  'GET /v1/market/prices/series',
  'GET /v1/market/prices/products/:id',
  // the role homes (issue 39): the buyer's orders and suppliers, the seller's shop
  'GET /v1/buyer/home',
  'GET /v1/buyer/suppliers',
  'GET /v1/seller/home',
  // after delivery (issue 40): confirmation, disputes (buyer, seller, Admin)
  'GET /v1/orders/:id/aftercare',
  'POST /v1/orders/:id/fulfilments/:fulfilmentId/confirm-delivery',
  'POST /v1/orders/:id/fulfilments/:fulfilmentId/dispute',
  'POST /v1/orders/:id/fulfilments/:fulfilmentId/dispute/photos',
  'GET /v1/seller/sales/:id/dispute',
  'POST /v1/seller/sales/:id/dispute/answer',
  'POST /v1/seller/sales/:id/dispute/photos',
  'GET /v1/admin/disputes',
  'GET /v1/admin/disputes/:id',
  'POST /v1/admin/disputes/:id/decide',
];
