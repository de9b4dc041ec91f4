// The pages `bench:bundle --signed-in` opens with a session, and the budgets it holds them to (issue 43).

/** Every page the farm and market remotes route, at an address a signed-in person opens, with the role that sees it. */
export const SIGNED_IN_PAGES = [
  { path: '/', role: 'Farmer' },
  // mfe-farm/src/routes.tsx
  ...[
    '/dashboard',
    '/farms',
    '/farms/1',
    '/farms/1/fields/1',
    '/fields',
    '/seasons',
    '/crops',
    '/crops/1',
    '/season-report',
    '/activities',
    '/users',
    '/budget',
    '/costs',
  ].map((path) => ({ path, role: 'Farmer' })),
  // mfe-market/src/routes.tsx
  ...[
    '/market',
    '/market/prices',
    '/market/item?id=1',
    '/market/seller/1',
    '/cart',
    '/checkout',
    '/orders',
    '/orders/1',
    '/orders/1/confirmation',
  ].map((path) => ({ path, role: 'Buyer' })),
  ...['/announcements', '/messages', '/messages/1', '/messages/farm/1'].map((path) => ({ path, role: 'Farmer' })),
  { path: '/payments/review', role: 'Admin' },
  { path: '/reports/platform', role: 'Admin' },
  { path: '/reports/sales', role: 'Supplier' },
  { path: '/reports/spending', role: 'Buyer' },
  { path: '/buyer', role: 'Buyer' },
  { path: '/buyer/suppliers', role: 'Retailer' },
  ...[
    '/seller',
    '/seller/profile',
    '/seller/products',
    '/seller/products/new',
    '/seller/sales',
    '/seller/inventory',
    '/seller/statements',
    '/seller/payouts',
  ].map((path) => ({ path, role: 'Supplier' })),
];

/** First-load JavaScript budgets, gzip bytes (kB = 1,000 bytes, as the issue writes them). */
export const BUDGETS = { landing: 90_000, page: 150_000 };

export function budgetOf(path) {
  return path === '/' ? BUDGETS.landing : BUDGETS.page;
}

/** A row of the signed-in table: over its budget or not. */
export function verdict({ path, gzip }) {
  const budget = budgetOf(path);
  return { path, gzip, budget, over: gzip > budget };
}

/**
 * The session a signed-in page starts from: what the session store persists (shared/src/session/store.ts),
 * holding every role, with `role` selected. The access token comes from the refresh answer, as after a reload.
 */
export function storedSession(role) {
  const user = {
    uid: 'bench',
    displayName: 'Bench User',
    email: 'bench@example.co.ke',
    roles: ['Admin', 'Supplier', 'Retailer', 'Farmer', 'Buyer'],
  };
  return { state: { user, userId: 'bench', accounts: [], role }, version: 1 };
}

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

/** The table the bench prints: one line per page, flagged when over its budget, and a last line that counts them. */
export function signedInTable(rows) {
  const lines = ['page                        | req  raw        gzip       | budget'];
  for (const r of rows) {
    const v = verdict(r);
    lines.push(
      `${r.path.padEnd(27)} | ${String(r.requests).padStart(3)}  ${kb(r.raw).padEnd(10)} ${kb(r.gzip).padEnd(10)} | ${v.over ? `OVER ${kb(v.budget)}` : `ok (≤ ${kb(v.budget)})`}`,
    );
  }
  const over = rows.filter((r) => verdict(r).over);
  lines.push(
    over.length === 0
      ? `every page within its budget (${rows.length} pages)`
      : `${over.length} of ${rows.length} pages over budget: ${over.map((r) => r.path).join(', ')}`,
  );
  return lines.join('\n');
}
