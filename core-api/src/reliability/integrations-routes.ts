// What a partner's API key reaches (issue 44), each probed by integrations-isolation.test.ts with
// another shop's key, a farm's and a partner's key. tenant-isolation.test.ts counts them as covered from here.
export const INTEGRATIONS_MATRIX_ROUTES: readonly string[] = [
  'GET /v1/partner/orders',
  'GET /v1/partner/products',
  'POST /v1/partner/products/:id/stock',
];
