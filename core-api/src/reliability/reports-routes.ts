// Analytics routes (issue 39), each probed by reports-isolation.test.ts as its owner, another seller
// or buyer, the roles it is not for and a stranger. tenant-isolation.test.ts counts them as covered from here.
export const REPORTS_MATRIX_ROUTES: readonly string[] = [
  'GET /v1/reports/sales',
  'GET /v1/reports/sales.csv',
  'GET /v1/reports/spending',
  'GET /v1/reports/spending.csv',
  'GET /v1/reports/platform',
  'GET /v1/reports/platform.csv',
];
