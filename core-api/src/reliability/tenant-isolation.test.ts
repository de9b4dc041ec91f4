import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Cost, FarmRole, FarmUser, Order } from '@shambasoko/contracts';
import type { Envelope } from '../http/envelope';
import { FARM_ROLES } from '@shambasoko/contracts';
import { type Client, type FarmFixture, addMember, buildFarm, newClient } from '../modules/farm/test-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';
import { countWrites } from '../testing/write-counter';
import { MARKET_MATRIX_ROUTES } from './market-routes';
import { INTEGRATIONS_MATRIX_ROUTES } from './integrations-routes';
import { MESSAGES_MATRIX_ROUTES } from './messages-routes';
import { REPORTS_MATRIX_ROUTES } from './reports-routes';

// Tenant isolation, generated from the app's route table: every farm-data and buyer-data route is
// probed by a stranger (another farm's owner, another buyer) and, for farm writes, by each farm role
// below the one needed; by guessed ids, by list filters and by ids of another tenant nested in one's
// own requests. A refusal must change nothing in the database; an answer must carry nothing of the
// other tenant. permissions.test.ts proves the allowed side of the role matrix; this file the refused side.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RouteKey = `${Method} ${string}`;

/** Routes that hold no tenant's data, or only the caller's own identity (covered by identity tests). */
const NOT_TENANT_DATA: Readonly<Record<string, string>> = {
  'GET /health': 'public',
  'GET /metrics': 'counts by route pattern, no tenant data; METRICS_TOKEN in production',
  'GET /v1/config': 'public settings',
  'GET /api/hero-images': 'public content',
  'GET /static/hero/:file': 'public content',
  'GET /static/products/:file': 'public content',
  'GET /v1/products': 'public catalog',
  'GET /v1/products/featured': 'public catalog',
  'GET /v1/products/:id': 'public catalog',
  'GET /v1/counties': 'public catalog',
  'GET /v1/search/suggest': 'public catalog (active listings only; suggest.test.ts)',
  'POST /v1/promos/validate': 'public promo check',
  'POST /v1/auth/email-status': 'identity (sign-in flow)',
  'POST /v1/auth/create-account': 'identity (sign-in flow)',
  'POST /v1/auth/login': 'identity (sign-in flow)',
  'POST /v1/auth/login/google': 'identity (sign-in flow)',
  'POST /v1/auth/refresh': 'identity (own session)',
  'POST /v1/auth/logout': 'identity (own session)',
  'PATCH /v1/profile': 'identity (own profile only: no id in the request)',
  'GET /v1/profile/status': 'identity (own profile only: no id in the request)',
  'GET /v1/remotes/manifest': 'public remotes manifest',
  'POST /v1/payments/mpesa/callback/:token': 'M-Pesa provider callback (secret path token; payments.test.ts)',
  'POST /v1/payments/b2c/result/:token': 'M-Pesa B2C result (secret path token; payouts.test.ts)',
  'POST /v1/payments/b2c/timeout/:token': 'M-Pesa B2C queue timeout (secret path token; settles nothing)',
  'POST /v1/payments/card/notify': 'card provider notification (confirmed with the provider; payments.test.ts)',
  'POST /v1/notices/sms/delivery/:token': "SMS delivery report (secret path token; names only a provider's message id; outbox.test.ts)",
  'GET /v1/openapi.json': 'public API description',
  'GET /v1/docs': 'public API reference',
  'GET /v1/docs/init.js': 'public API reference',
  'GET /v1/docs/swagger-ui-bundle.js': 'public API reference',
  'GET /v1/docs/swagger-ui.css': 'public API reference',
  'GET /v1/docs/favicon-32x32.png': 'public API reference',
};

const EVERY_ROLE: readonly FarmRole[] = FARM_ROLES;
const MANAGERS: readonly FarmRole[] = ['Owner', 'Farm Manager'];
const FIELD_TEAM: readonly FarmRole[] = [...MANAGERS, 'Field Supervisor'];
const MONEY: readonly FarmRole[] = [...MANAGERS, 'Accountant'];

/** One tenant's farm: the fixture plus a cost, a budget line and an invited user, with distinctive figures. */
interface FarmWorld {
  owner: Client;
  fx: FarmFixture;
  cost: Cost;
  invite: FarmUser;
  /** A harvest and an off-platform sale of the crop (issue 42). */
  harvestId: string;
  incomeId: string;
  /** Every id and figure of this farm that must never show up in another tenant's answer. */
  secrets: string[];
}

type Ref = 'fieldId' | 'seasonId' | 'cropId' | 'userId';

interface FarmProbe {
  route: RouteKey;
  /** Roles that may do it (EVERY_ROLE for reads). */
  allowed: readonly FarmRole[];
  url(w: FarmWorld): string;
  body?(w: FarmWorld): object;
  /** Body keys that take an id of another resource: each is tried with the other farm's id. */
  refs?: readonly Ref[];
}

const costBody = (w: FarmWorld) => ({
  farmId: w.fx.farm.id,
  fieldId: w.fx.field.id,
  seasonId: w.fx.season.id,
  cropId: w.fx.crop.id,
  activityType: 'Weeding',
  budgetCategory: 'Labor',
  description: 'Probe',
  amount: 100,
});

const FARM_PROBES: FarmProbe[] = [
  { route: 'GET /v1/farms/:farmId', allowed: EVERY_ROLE, url: (w) => `/v1/farms/${w.fx.farm.id}` },
  { route: 'PATCH /v1/farms/:farmId', allowed: MANAGERS, url: (w) => `/v1/farms/${w.fx.farm.id}`, body: () => ({ description: 'Probe' }) },
  { route: 'DELETE /v1/farms/:farmId', allowed: ['Owner'], url: (w) => `/v1/farms/${w.fx.farm.id}` },
  {
    route: 'POST /v1/farms/:farmId/fields',
    allowed: FIELD_TEAM,
    url: (w) => `/v1/farms/${w.fx.farm.id}/fields`,
    body: () => ({ name: 'Probe', size: 1, cropType: 'Kale' }),
  },
  { route: 'GET /v1/fields/:fieldId', allowed: EVERY_ROLE, url: (w) => `/v1/fields/${w.fx.field.id}` },
  {
    route: 'PATCH /v1/fields/:fieldId',
    allowed: FIELD_TEAM,
    url: (w) => `/v1/fields/${w.fx.field.id}`,
    body: () => ({ status: 'fallow' }),
  },
  { route: 'DELETE /v1/fields/:fieldId', allowed: FIELD_TEAM, url: (w) => `/v1/fields/${w.fx.field.id}` },
  {
    route: 'POST /v1/seasons',
    allowed: FIELD_TEAM,
    url: () => '/v1/seasons',
    body: (w) => ({
      farmId: w.fx.farm.id,
      fieldId: w.fx.field.id,
      name: 'Probe',
      cropType: 'Kale',
      startDate: '2027-01-01',
      endDate: '2027-02-01',
    }),
    refs: ['fieldId'],
  },
  { route: 'GET /v1/seasons/:seasonId', allowed: EVERY_ROLE, url: (w) => `/v1/seasons/${w.fx.season.id}` },
  {
    route: 'PATCH /v1/seasons/:seasonId',
    allowed: FIELD_TEAM,
    url: (w) => `/v1/seasons/${w.fx.season.id}`,
    body: (w) => ({ fieldId: w.fx.field.id, cropType: 'Beans' }),
    refs: ['fieldId'],
  },
  { route: 'DELETE /v1/seasons/:seasonId', allowed: FIELD_TEAM, url: (w) => `/v1/seasons/${w.fx.season.id}` },
  {
    route: 'POST /v1/crops',
    allowed: FIELD_TEAM,
    url: () => '/v1/crops',
    body: (w) => ({
      farmId: w.fx.farm.id,
      fieldId: w.fx.field.id,
      seasonId: w.fx.season.id,
      name: 'Probe',
      area: 1,
      plantedDate: '2026-10-01',
      expectedHarvest: '2026-12-01',
    }),
    refs: ['fieldId', 'seasonId'],
  },
  { route: 'GET /v1/crops/:cropId', allowed: EVERY_ROLE, url: (w) => `/v1/crops/${w.fx.crop.id}` },
  {
    route: 'PATCH /v1/crops/:cropId',
    allowed: FIELD_TEAM,
    url: (w) => `/v1/crops/${w.fx.crop.id}`,
    body: (w) => ({ fieldId: w.fx.field.id, seasonId: w.fx.season.id, status: 'growing' }),
    refs: ['fieldId', 'seasonId'],
  },
  { route: 'DELETE /v1/crops/:cropId', allowed: FIELD_TEAM, url: (w) => `/v1/crops/${w.fx.crop.id}` },
  {
    route: 'POST /v1/activities',
    allowed: FIELD_TEAM,
    url: () => '/v1/activities',
    body: (w) => ({
      farmId: w.fx.farm.id,
      fieldId: w.fx.field.id,
      seasonId: w.fx.season.id,
      cropId: w.fx.crop.id,
      userId: w.owner.user.id,
      name: 'Weeding',
    }),
    refs: ['fieldId', 'seasonId', 'cropId', 'userId'],
  },
  { route: 'GET /v1/activities/:activityId', allowed: EVERY_ROLE, url: (w) => `/v1/activities/${w.fx.activity.id}` },
  {
    route: 'PATCH /v1/activities/:activityId',
    allowed: FIELD_TEAM,
    url: (w) => `/v1/activities/${w.fx.activity.id}`,
    body: (w) => ({ fieldId: w.fx.field.id, seasonId: w.fx.season.id, cropId: w.fx.crop.id, userId: w.owner.user.id, notes: 'Probe' }),
    refs: ['fieldId', 'seasonId', 'cropId', 'userId'],
  },
  { route: 'DELETE /v1/activities/:activityId', allowed: FIELD_TEAM, url: (w) => `/v1/activities/${w.fx.activity.id}` },
  {
    route: 'POST /v1/farms/:farmId/users',
    allowed: MANAGERS,
    url: (w) => `/v1/farms/${w.fx.farm.id}/users`,
    body: (w) => ({
      name: 'Probe',
      email: `probe-${randomUUID()}@example.co.ke`,
      phone: '0700 000 000',
      role: 'Viewer',
      fieldId: w.fx.field.id,
      seasonId: w.fx.season.id,
      cropId: w.fx.crop.id,
    }),
    refs: ['fieldId', 'seasonId', 'cropId'],
  },
  { route: 'GET /v1/farm-users/:membershipId', allowed: EVERY_ROLE, url: (w) => `/v1/farm-users/${w.invite.id}` },
  {
    route: 'PATCH /v1/farm-users/:membershipId',
    allowed: MANAGERS,
    url: (w) => `/v1/farm-users/${w.invite.id}`,
    body: (w) => ({ fieldId: w.fx.field.id, seasonId: w.fx.season.id, cropId: w.fx.crop.id, phone: '0711 000 000' }),
    refs: ['fieldId', 'seasonId', 'cropId'],
  },
  { route: 'DELETE /v1/farm-users/:membershipId', allowed: MANAGERS, url: (w) => `/v1/farm-users/${w.invite.id}` },
  { route: 'POST /v1/costs', allowed: MONEY, url: () => '/v1/costs', body: costBody, refs: ['fieldId', 'seasonId', 'cropId'] },
  { route: 'GET /v1/costs/:costId', allowed: MONEY, url: (w) => `/v1/costs/${w.cost.id}` },
  {
    route: 'PATCH /v1/costs/:costId',
    allowed: MONEY,
    url: (w) => `/v1/costs/${w.cost.id}`,
    body: (w) => ({ fieldId: w.fx.field.id, seasonId: w.fx.season.id, cropId: w.fx.crop.id, amount: 5 }),
    refs: ['fieldId', 'seasonId', 'cropId'],
  },
  { route: 'DELETE /v1/costs/:costId', allowed: MONEY, url: (w) => `/v1/costs/${w.cost.id}` },
  { route: 'GET /v1/crops/:cropId/harvests', allowed: EVERY_ROLE, url: (w) => `/v1/crops/${w.fx.crop.id}/harvests` },
  {
    route: 'POST /v1/crops/:cropId/harvests',
    allowed: FIELD_TEAM,
    url: (w) => `/v1/crops/${w.fx.crop.id}/harvests`,
    body: () => ({ date: '2027-02-20', quantity: 3, unit: 'bag_90kg', destination: 'stored' }),
  },
  {
    route: 'PATCH /v1/harvests/:harvestId',
    allowed: FIELD_TEAM,
    url: (w) => `/v1/harvests/${w.harvestId}`,
    body: () => ({ quantity: 4 }),
  },
  { route: 'DELETE /v1/harvests/:harvestId', allowed: FIELD_TEAM, url: (w) => `/v1/harvests/${w.harvestId}` },
  { route: 'GET /v1/crops/:cropId/income', allowed: MONEY, url: (w) => `/v1/crops/${w.fx.crop.id}/income` },
  {
    route: 'POST /v1/crops/:cropId/income',
    allowed: MONEY,
    url: (w) => `/v1/crops/${w.fx.crop.id}/income`,
    body: () => ({ date: '2027-02-21', quantity: 1, unit: 'kg', pricePerUnit: 50, paymentMethod: 'cash' }),
  },
  {
    route: 'PATCH /v1/income/:incomeId',
    allowed: MONEY,
    url: (w) => `/v1/income/${w.incomeId}`,
    body: () => ({ buyer: 'Probe' }),
  },
  { route: 'DELETE /v1/income/:incomeId', allowed: MONEY, url: (w) => `/v1/income/${w.incomeId}` },
  { route: 'GET /v1/farms/:farmId/profit', allowed: MONEY, url: (w) => `/v1/farms/${w.fx.farm.id}/profit` },
  { route: 'GET /v1/farms/:farmId/yields', allowed: EVERY_ROLE, url: (w) => `/v1/farms/${w.fx.farm.id}/yields` },
  { route: 'GET /v1/farms/:farmId/report.pdf', allowed: MONEY, url: (w) => `/v1/farms/${w.fx.farm.id}/report.pdf` },
  {
    route: 'POST /v1/farms/:farmId/report-link',
    allowed: MONEY,
    url: (w) => `/v1/farms/${w.fx.farm.id}/report-link`,
    body: (w) => ({ seasons: [w.fx.season.id], include: ['money'] }),
  },
  {
    route: 'PUT /v1/budgets',
    allowed: MONEY,
    url: () => '/v1/budgets',
    body: (w) => ({ farmId: w.fx.farm.id, seasonId: w.fx.season.id, category: 'Fuel', planned: 1 }),
    refs: ['seasonId'],
  },
];

/** Farm routes that answer only the caller's own farms; probed with every filter (see LIST_FILTERS). */
const FARM_LISTS: RouteKey[] = [
  'GET /v1/dashboard',
  'GET /v1/filters',
  'GET /v1/farms',
  'GET /v1/fields',
  'GET /v1/seasons',
  'GET /v1/crops',
  'GET /v1/activities',
  'GET /v1/activities/mine',
  'GET /v1/activities/export.csv',
  'GET /v1/farm-users',
  'GET /v1/farm-users/export.csv',
  'GET /v1/farm-users/people',
  'GET /v1/costs',
  'GET /v1/costs/total',
  'GET /v1/costs/export.csv',
  'GET /v1/budgets',
  'GET /v1/budget/summary',
];
/** Creates in the caller's own space only (a new farm is the caller's): nothing of another tenant may change. */
const OWN_SPACE_ONLY: RouteKey[] = ['POST /v1/farms'];

/** Buyer data: orders, cart, favourites, reviews, notifications (probed in their own describe below). */
const BUYER_ROUTES: RouteKey[] = [
  'GET /v1/orders',
  'GET /v1/orders/:id',
  'POST /v1/orders',
  'GET /v1/cart',
  'POST /v1/cart/items',
  'PATCH /v1/cart/items/:productId',
  'DELETE /v1/cart/items/:productId',
  'POST /v1/cart/merge',
  'GET /v1/favourites',
  'PUT /v1/favourites/:productId',
  'DELETE /v1/favourites/:productId',
  'POST /v1/products/:id/reviews',
  'GET /v1/notifications',
  'POST /v1/notifications/read',
];

/** The caller's own account (export, erasure, preferences, sign-ins): keyed by the token, not the request (probed below). */
const OWN_ACCOUNT_ROUTES: RouteKey[] = [
  'GET /v1/me/export',
  'DELETE /v1/me',
  'GET /v1/me/preferences',
  'PUT /v1/me/preferences',
  'GET /v1/me/sessions',
  'DELETE /v1/me/sessions/:id',
  'GET /v1/me/push/key',
  'POST /v1/me/push/subscriptions',
  'DELETE /v1/me/push/subscriptions',
];

/** The remote registry's console: Admin accounts only. */
const ADMIN_PROBES: Array<{ route: RouteKey; url: string; body?: object }> = [
  { route: 'GET /v1/admin/remotes', url: '/v1/admin/remotes' },
  { route: 'PATCH /v1/admin/remotes/:name', url: '/v1/admin/remotes/market', body: { enabled: false } },
  { route: 'POST /v1/admin/remotes/:name/promote', url: '/v1/admin/remotes/market/promote', body: { version: 'seed' } },
  { route: 'POST /v1/admin/remotes/:name/rollback', url: '/v1/admin/remotes/market/rollback', body: {} },
  {
    route: 'PUT /v1/admin/remotes/:name/rollout',
    url: '/v1/admin/remotes/market/rollout',
    body: { version: 'seed', role: 'Farmer', percent: 50 },
  },
  { route: 'DELETE /v1/admin/remotes/:name/rollout', url: '/v1/admin/remotes/market/rollout' },
  { route: 'POST /v1/admin/remotes/publish', url: '/v1/admin/remotes/publish', body: { changes: [{ name: 'market', roles: [] }] } },
  { route: 'DELETE /v1/admin/remotes/:name', url: '/v1/admin/remotes/market' },
];
/** The deploy commands: the operator token only, never a user's session. */
const OPERATOR_PROBES: Array<{ route: RouteKey; url: string; body: object }> = [
  { route: 'POST /v1/deploys/shell', url: '/v1/deploys/shell', body: { version: 'abcdef12', provides: { react: '1.0.0' } } },
  {
    route: 'POST /v1/deploys/:name',
    url: '/v1/deploys/market',
    body: {
      version: 'abcdef12',
      entry: 'http://localhost:3002/x.js',
      builtAt: '2026-01-01T00:00:00Z',
      sizeBytes: 1,
      requires: {},
      mounts: [],
      menu: [],
    },
  },
  { route: 'POST /v1/deploys/:name/rollback', url: '/v1/deploys/market/rollback', body: {} },
  { route: 'POST /v1/operator/jobs/:name/run', url: '/v1/operator/jobs/delivery-release/run', body: {} },
];
/** Admin only (the account role, read from the database): everyone else is refused (probed below). */
const ACCOUNT_ADMIN_ROUTES: RouteKey[] = ['PUT /v1/admin/accounts/admin-role'];
/** Management (overview, accounts, listings, the verification queue, the audit): Admin accounts only; `id` is another tenant's. */
const MANAGEMENT_PROBES: Array<{ route: RouteKey; url: (id: string) => string; body?: object }> = [
  { route: 'GET /v1/admin/overview', url: () => '/v1/admin/overview' },
  { route: 'GET /v1/admin/accounts', url: () => '/v1/admin/accounts?q=a' },
  { route: 'GET /v1/admin/accounts/:id', url: (id) => `/v1/admin/accounts/${id}` },
  { route: 'POST /v1/admin/accounts/:id/suspend', url: (id) => `/v1/admin/accounts/${id}/suspend`, body: { reason: 'x' } },
  { route: 'POST /v1/admin/accounts/:id/restore', url: (id) => `/v1/admin/accounts/${id}/restore`, body: { reason: 'x' } },
  { route: 'GET /v1/admin/sellers', url: () => '/v1/admin/sellers?verified=false' },
  { route: 'GET /v1/admin/actions', url: (id) => `/v1/admin/actions?subject=account:${id}` },
  { route: 'GET /v1/admin/products', url: () => '/v1/admin/products' },
  { route: 'GET /v1/admin/products/:id', url: (id) => `/v1/admin/products/${id}` },
  { route: 'POST /v1/admin/products/:id/take-down', url: (id) => `/v1/admin/products/${id}/take-down`, body: { reason: 'x' } },
  { route: 'POST /v1/admin/products/:id/restore', url: (id) => `/v1/admin/products/${id}/restore`, body: { reason: 'x' } },
  { route: 'GET /v1/admin/reconciliation', url: () => '/v1/admin/reconciliation' },
  { route: 'GET /v1/admin/refunds', url: () => '/v1/admin/refunds?state=due' },
  { route: 'POST /v1/admin/refunds/:fulfilmentId/settle', url: (id) => `/v1/admin/refunds/${id}/settle`, body: { reference: 'x' } },
  { route: 'GET /v1/admin/announcements', url: () => '/v1/admin/announcements' },
  {
    route: 'POST /v1/admin/announcements',
    url: () => '/v1/admin/announcements',
    body: { titleEn: 'x', bodyEn: 'x', titleSw: 'x', bodySw: 'x', roles: ['Farmer'] },
  },
  { route: 'DELETE /v1/admin/announcements/:id', url: (id) => `/v1/admin/announcements/${id}` },
  // External › Integrations (issue 44): keys and webhooks of every organisation
  { route: 'GET /v1/admin/integrations', url: () => '/v1/admin/integrations' },
  {
    route: 'POST /v1/admin/integrations/keys',
    url: () => '/v1/admin/integrations/keys',
    body: { org: { kind: 'partner', name: 'x' }, name: 'x', scopes: ['orders:read'] },
  },
  { route: 'POST /v1/admin/integrations/keys/:id/revoke', url: (id) => `/v1/admin/integrations/keys/${id}/revoke` },
  {
    route: 'POST /v1/admin/integrations/webhooks',
    url: () => '/v1/admin/integrations/webhooks',
    body: { org: { kind: 'partner', name: 'x' }, url: 'https://example.com/hook', events: ['order.placed'] },
  },
  { route: 'POST /v1/admin/integrations/webhooks/:id/disable', url: (id) => `/v1/admin/integrations/webhooks/${id}/disable` },
  { route: 'GET /v1/admin/integrations/webhooks/:id/deliveries', url: (id) => `/v1/admin/integrations/webhooks/${id}/deliveries` },
  { route: 'POST /v1/admin/integrations/webhooks/:id/test', url: (id) => `/v1/admin/integrations/webhooks/${id}/test` },
];

let t: TestApp;
let a: FarmWorld;
let b: FarmWorld;
const members = new Map<FarmRole, Client>();
/** Was Amani's Farm Manager, now deactivated: a stranger again. */
let former: Client;
let tables: string[];

/**
 * The database after the last refused write of a run of refusals: the next one's "before" (it saves
 * half of the reads). Cleared where a describe begins, since accepted writes happen in between.
 */
let lastFingerprint: string | undefined;

/**
 * How many rows of every table have been added, changed or removed so far (testing/write-counter.ts):
 * equal before and after means the request wrote nothing at all. (Hashing every table took ~22 ms a
 * request: 8.7 of this file's 22 s.)
 */
let dbFingerprint: () => Promise<string>;

/** The rows of every table that mention one of these ids: another tenant's share of the database. */
async function rowsMentioning(ids: readonly string[]): Promise<string> {
  const pattern = ids.map((id) => id.replace(/[^0-9a-f-]/gi, '')).join('|');
  const parts = tables.map(
    (name) =>
      sql`select ${name}::text as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.table(name)} x where x::text ~ ${pattern}`,
  );
  const { rows } = await sql<{ t: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(t.db);
  return rows
    .map((r) => `${r.t}:${r.h}`)
    .sort()
    .join('\n');
}

async function send(who: Client, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) {
  const res = await t.request({ method, url, headers: { ...who.user.headers, ...headers }, ...(payload === undefined ? {} : { payload }) });
  // A CSV export answers a file, not the envelope; its text is what the leak checks read.
  if (String(res.headers['content-type']).startsWith('text/csv'))
    return { status: res.statusCode, body: null, message: '', text: res.payload };
  const envelope = res.json<Envelope<unknown>>();
  return { status: res.statusCode, body: envelope.body, message: envelope.header.customerMessage, text: res.payload };
}

function leaks(text: string, secrets: readonly string[]): string[] {
  return secrets.filter((secret) => text.includes(secret));
}

async function buildWorld(name: string, figure: number): Promise<FarmWorld> {
  const owner = await newClient(t, { firstName: name, lastName: 'Owner' });
  const fx = await buildFarm(owner, `${name} ${randomUUID().slice(0, 8)}`);
  const cost = (
    await owner.post<Cost>('/v1/costs', { ...costBody({ owner, fx } as FarmWorld), description: `${name} secret cost`, amount: figure })
  ).body;
  const budget = await owner.put('/v1/budgets', { farmId: fx.farm.id, seasonId: fx.season.id, category: 'Labor', planned: figure + 1 });
  if (budget.status !== 200) throw new Error(`budget: ${budget.message}`);
  const invite = (
    await owner.post<FarmUser>(`/v1/farms/${fx.farm.id}/users`, {
      name: `${name} Invitee`,
      email: `${name.toLowerCase()}-${randomUUID()}@example.co.ke`,
      phone: '0700 111 222',
      role: 'Viewer',
    })
  ).body;
  const harvest = await owner.post<{ id: string }>(`/v1/crops/${fx.crop.id}/harvests`, {
    date: '2027-02-20',
    quantity: 7,
    unit: 'bag_90kg',
    destination: 'stored',
    notes: `${name} secret harvest`,
  });
  const income = await owner.post<{ id: string }>(`/v1/crops/${fx.crop.id}/income`, {
    date: '2027-02-21',
    buyer: `${name} secret buyer`,
    quantity: 7,
    unit: 'bag_90kg',
    pricePerUnit: 4_000,
    total: figure + 2,
    paymentMethod: 'mpesa',
  });
  if (harvest.status !== 201 || income.status !== 201) throw new Error(`records: ${harvest.message} ${income.message}`);
  const secrets = [
    fx.farm.id,
    fx.farm.name,
    fx.field.id,
    fx.season.id,
    fx.crop.id,
    fx.activity.id,
    cost.id,
    invite.id,
    invite.email,
    String(figure),
    String(figure + 1),
    String(figure + 2),
    harvest.body.id,
    income.body.id,
    `${name} secret harvest`,
    `${name} secret buyer`,
  ];
  return { owner, fx, cost, invite, harvestId: harvest.body.id, incomeId: income.body.id, secrets };
}

beforeAll(async () => {
  t = await startTestApp();
  const rows = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
  `.execute(t.db);
  tables = rows.rows.map((r) => r.table_name).sort();
  dbFingerprint = await countWrites(t.db, tables);
  a = await buildWorld('Amani', 7_654_321);
  b = await buildWorld('Baraka', 3_456_789);
  for (const role of FARM_ROLES) {
    if (role === 'Owner') continue;
    const member = await newClient(t, { firstName: role.replace(' ', ''), lastName: 'Member' });
    await addMember(a.owner, a.fx.farm.id, member, role);
    members.set(role, member);
  }
  former = await newClient(t, { firstName: 'Former', lastName: 'Manager' });
  const membership = await addMember(a.owner, a.fx.farm.id, former, 'Farm Manager');
  expect((await a.owner.patch(`/v1/farm-users/${membership.id}`, { status: 'inactive' })).status).toBe(200);
  a.secrets.push(a.owner.user.id);
  b.secrets.push(b.owner.user.id);
}, 90_000);
afterAll(async () => t?.close());

describe('coverage', () => {
  it('probes every farm-data and buyer-data route of the app, and only routes that exist', () => {
    const routes = t.app.routeTable
      .map((r): string => `${r.method} ${r.url}`)
      .filter((r) => !r.startsWith('OPTIONS ') && !r.includes('/_diagnostics'));
    const covered = new Set<string>([
      ...FARM_PROBES.map((p) => p.route),
      ...FARM_LISTS,
      ...OWN_SPACE_ONLY,
      ...BUYER_ROUTES,
      ...OWN_ACCOUNT_ROUTES,
      ...ADMIN_PROBES.map((p) => p.route),
      ...OPERATOR_PROBES.map((p) => p.route),
      ...ACCOUNT_ADMIN_ROUTES,
      ...MANAGEMENT_PROBES.map((p) => p.route),
      ...MARKET_MATRIX_ROUTES,
      ...REPORTS_MATRIX_ROUTES,
      ...MESSAGES_MATRIX_ROUTES,
      ...INTEGRATIONS_MATRIX_ROUTES,
      ...Object.keys(NOT_TENANT_DATA),
    ]);
    // A new route fails here until someone decides how tenants are kept apart on it.
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
    const known = new Set(routes);
    expect([...covered].filter((r) => !known.has(r))).toEqual([]);
  });
});

describe('farm data: refused by guessed ids', () => {
  beforeAll(() => {
    lastFingerprint = undefined;
  });
  const cases = FARM_PROBES.flatMap((probe) => [
    [probe.route, 'a stranger (owner of another farm)', 404] as const,
    [probe.route, 'a deactivated Farm Manager', 404] as const,
    ...(probe.allowed === EVERY_ROLE
      ? []
      : FARM_ROLES.filter((role) => !probe.allowed.includes(role)).map((role) => [probe.route, role, 403] as const)),
  ]);

  it.each(cases)('%s by %s → %s, nothing written, nothing shown', async (route, who, expected) => {
    const probe = FARM_PROBES.find((p) => p.route === route)!;
    const caller = who === 'a deactivated Farm Manager' ? former : expected === 404 ? b.owner : members.get(who as FarmRole)!;
    const method = route.split(' ')[0] as Method;
    const before = lastFingerprint ?? (await dbFingerprint());
    const res = await send(caller, method, probe.url(a), probe.body?.(a));
    // Hashed before any assertion, so a failing case never leaves a stale "before" for the next one.
    lastFingerprint = await dbFingerprint();
    expect(`${res.status} ${res.message}`).toMatch(new RegExp(`^${expected} `));
    if (expected === 404) {
      expect(res.body).toBeNull();
      expect(leaks(res.text, a.secrets)).toEqual([]);
    }
    expect(lastFingerprint).toBe(before);
  });
});

describe("farm data: nested ids of another farm inside one's own request", () => {
  // Baraka's owner manages Baraka's farm fully; every reference in the body points into Amani's farm.
  const cases = FARM_PROBES.flatMap((probe) => (probe.refs ?? []).map((ref) => [probe.route, ref] as const));
  beforeAll(() => {
    lastFingerprint = undefined;
  });

  it.each(cases)('%s with %s of another farm → refused, nothing written', async (route, ref) => {
    const probe = FARM_PROBES.find((p) => p.route === route)!;
    const method = route.split(' ')[0] as Method;
    const foreign: Record<Ref, string> = {
      fieldId: a.fx.field.id,
      seasonId: a.fx.season.id,
      cropId: a.fx.crop.id,
      userId: a.owner.user.id,
    };
    const body = { ...probe.body!(b), [ref]: foreign[ref] };
    const before = lastFingerprint ?? (await dbFingerprint());
    const res = await send(b.owner, method, probe.url(b), body);
    lastFingerprint = await dbFingerprint();
    expect(`${res.status} ${res.message}`).toMatch(/^(400|403|404) /);
    expect(leaks(res.text, a.secrets)).toEqual([]);
    expect(lastFingerprint).toBe(before);
  });

  it("the same requests with Baraka's own ids are accepted (the probes above are otherwise valid)", async () => {
    for (const probe of FARM_PROBES.filter((p) => p.refs !== undefined)) {
      const res = await send(b.owner, probe.route.split(' ')[0] as Method, probe.url(b), probe.body!(b));
      expect(`${probe.route} ${res.status} ${res.message}`).toMatch(/ 20[01] /);
    }
  });
});

describe('farm data: list filters never reach another farm', () => {
  const filters = (other: FarmWorld, own: FarmWorld): Array<Record<string, string>> => [
    {},
    { farmId: other.fx.farm.id },
    { fieldId: other.fx.field.id },
    { seasonId: other.fx.season.id },
    { cropId: other.fx.crop.id },
    { userId: other.owner.user.id },
    { farmId: own.fx.farm.id, fieldId: other.fx.field.id },
    { farmId: own.fx.farm.id, seasonId: other.fx.season.id },
    { farmId: own.fx.farm.id, cropId: other.fx.crop.id },
    { farmId: other.fx.farm.id, search: other.fx.farm.name },
    { search: other.cost.description },
    { farmId: other.fx.farm.id, pageSize: '100', sort: 'name' },
  ];
  const cases = FARM_LISTS.flatMap((route) => [
    [route, 'a stranger'] as const,
    [route, 'a Viewer of another farm'] as const,
    [route, 'a deactivated member'] as const,
  ]);

  it.each(cases)('%s as %s', async (route, who) => {
    // The stranger is Baraka's owner and the deactivated member Amani's former manager, both looking
    // for Amani's rows; the Viewer is Amani's, looking for Baraka's.
    const [caller, other, own] =
      who === 'a stranger' ? [b.owner, a, b] : who === 'a deactivated member' ? [former, a, b] : [members.get('Viewer')!, b, a];
    const url = route.split(' ')[1]!;
    for (const query of filters(other, own)) {
      const res = await send(caller, 'GET', `${url}?${new URLSearchParams(query).toString()}`);
      expect(`${JSON.stringify(query)} → ${res.status}`).toMatch(/ → (200|400|403|404)$/);
      expect(leaks(res.text, other.secrets)).toEqual([]);
    }
  });
});

/** The farm's books: lists and sums of money that only the money roles may read (issue 39). */
const MONEY_LISTS: RouteKey[] = [
  'GET /v1/costs',
  'GET /v1/costs/total',
  'GET /v1/costs/export.csv',
  'GET /v1/budgets',
  'GET /v1/budget/summary',
  'GET /v1/dashboard',
];

describe("farm data: the books are refused to the farm's other roles", () => {
  const cases = MONEY_LISTS.flatMap((route) => FARM_ROLES.filter((role) => !MONEY.includes(role)).map((role) => [route, role] as const));

  it.each(cases)('%s as a %s of the farm: refused for that farm (403), none of its money across farms', async (route, role) => {
    const caller = members.get(role)!;
    const url = route.split(' ')[1]!;
    const money = [a.cost.id, a.cost.description, ...a.secrets.filter((secret) => /^\d+$/.test(secret))];
    if (route !== 'GET /v1/dashboard') {
      const res = await send(caller, 'GET', `${url}?farmId=${a.fx.farm.id}`);
      expect(`${res.status} ${res.message}`).toBe(`403 As a ${role} on this farm you cannot see the farm's budget and costs.`);
      expect(leaks(res.text, money)).toEqual([]);
    }
    const queries: Array<Record<string, string>> = [{}, { fieldId: a.fx.field.id }, { seasonId: a.fx.season.id }, { cropId: a.fx.crop.id }];
    for (const query of queries) {
      const res = await send(caller, 'GET', `${url}?${new URLSearchParams(query).toString()}`);
      expect(`${JSON.stringify(query)} → ${res.status}`).toMatch(/ → (200|400)$/);
      expect(leaks(res.text, money)).toEqual([]);
    }
  });
});

describe("farm data: creating in one's own space", () => {
  it("POST /v1/farms creates the caller's farm and leaves every other farm as it was", async () => {
    const before = await rowsMentioning([a.fx.farm.id, a.owner.user.id]);
    const res = await send(b.owner, 'POST', '/v1/farms', {
      name: 'Baraka Two',
      location: 'Meru',
      totalSize: 5,
      owner: 'Baraka',
      farmId: a.fx.farm.id,
      id: a.fx.farm.id,
    });
    expect(res.status).toBe(201);
    expect((res.body as { id: string }).id).not.toBe(a.fx.farm.id);
    expect(await rowsMentioning([a.fx.farm.id, a.owner.user.id])).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Buyer data

const checkout = (items: Array<{ productId: string; quantity: number }>) => ({
  shipping: {
    firstName: 'Amani',
    lastName: 'Kariuki',
    email: 'amani@example.co.ke',
    phone: '0712 345 678',
    address: 'Plot 7, Thika Road',
    city: 'Nairobi',
    state: 'Nairobi',
    postalCode: '00100',
  },
  delivery: 'standard',
  payment: { method: 'bank' },
  items,
});

describe('buyer data: orders, cart, favourites, reviews, notifications', () => {
  let buyerA: Client;
  let buyerB: Client;
  let order: Order;
  let orderKey: string;
  let cartProduct: string;
  let favourite: string;
  let bought: string;
  let other: string;
  let buyerSecrets: string[];
  let aIds: string[];

  beforeAll(async () => {
    buyerA = await newClient(t, { firstName: 'Amani', lastName: 'Buyer' });
    buyerB = await newClient(t, { firstName: 'Baraka', lastName: 'Buyer' });
    const products = await t.db
      .selectFrom('products')
      .select('id')
      .where('category', '<>', 'services')
      .where('stock_quantity', '>', 20)
      .orderBy('id')
      .limit(4)
      .execute();
    [cartProduct, favourite, bought, other] = products.map((p) => p.id) as [string, string, string, string];
    orderKey = `amani-${randomUUID()}`;
    const placed = await send(buyerA, 'POST', '/v1/orders', checkout([{ productId: bought, quantity: 2 }]), {
      'idempotency-key': orderKey,
    });
    expect(placed.status).toBe(201);
    order = placed.body as Order;
    // Only a paid order allows a review; there is no payment flow yet, so the test pays it.
    await t.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', order.id).execute();
    expect((await send(buyerA, 'POST', '/v1/cart/items', { productId: cartProduct, quantity: 3 })).status).toBe(200);
    expect((await send(buyerA, 'PUT', `/v1/favourites/${favourite}`)).status).toBe(200);
    expect((await send(buyerA, 'POST', `/v1/products/${bought}/reviews`, { rating: 5, comment: 'Amani secret review' })).status).toBe(201);
    const cart = await t.db.selectFrom('carts').select('id').where('user_id', '=', buyerA.user.id).executeTakeFirstOrThrow();
    aIds = [buyerA.user.id, order.id, cart.id];
    buyerSecrets = [order.id, order.number, 'Amani secret review', buyerA.user.id];
  });

  /** B's refused or own-space request, then: nothing of A changed, nothing of A in the answer. */
  async function probe(
    method: Method,
    url: string,
    payload: object | undefined,
    expected: RegExp,
    whole: boolean,
    headers: Record<string, string> = {},
  ) {
    const beforeA = await rowsMentioning(aIds);
    const before = whole ? await dbFingerprint() : '';
    const res = await send(buyerB, method, url, payload, headers);
    expect(`${method} ${url} → ${res.status} ${res.message}`).toMatch(expected);
    expect(leaks(res.text, buyerSecrets)).toEqual([]);
    expect(await rowsMentioning(aIds)).toBe(beforeA);
    if (whole) expect(await dbFingerprint()).toBe(before);
    return res;
  }

  it('GET /v1/orders/:id of another buyer → 404', async () => {
    await probe('GET', `/v1/orders/${order.id}`, undefined, / → 404 /, true);
    await probe('GET', `/v1/orders/${order.id.toUpperCase()}`, undefined, / → 404 /, true);
  });

  it("GET /v1/orders (with any filter) lists none of another buyer's orders", async () => {
    for (const query of ['', `?userId=${buyerA.user.id}`, `?id=${order.id}`, '?all=true&pageSize=1000']) {
      const res = await probe('GET', `/v1/orders${query}`, undefined, / → 200 /, true);
      expect(res.body).toEqual([]);
    }
  });

  it("POST /v1/orders with another buyer's Idempotency-Key places the caller's own order, never answers theirs", async () => {
    const res = await probe('POST', '/v1/orders', checkout([{ productId: bought, quantity: 2 }]), / → 201 /, false, {
      'idempotency-key': orderKey,
    });
    expect((res.body as Order).id).not.toBe(order.id);
    const row = await t.db
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', (res.body as Order).id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(buyerB.user.id);
  });

  it("cart: another buyer's line can be neither seen, changed nor removed", async () => {
    await probe('PATCH', `/v1/cart/items/${cartProduct}`, { quantity: 1 }, / → 404 /, true);
    await probe('DELETE', `/v1/cart/items/${cartProduct}`, undefined, / → (200|404) /, false);
    const cart = await probe('GET', '/v1/cart', undefined, / → 200 /, true);
    expect(cart.text).not.toContain(cartProduct);
    await probe('POST', '/v1/cart/items', { productId: other, quantity: 1 }, / → 200 /, false);
    await probe('POST', '/v1/cart/merge', { items: [{ productId: other, quantity: 1 }] }, / → 200 /, false);
    const after = await probe('GET', '/v1/cart', undefined, / → 200 /, true);
    expect(after.text).not.toContain(cartProduct);
  });

  it("favourites: another buyer's hearts are neither listed nor removed", async () => {
    const list = await probe('GET', '/v1/favourites', undefined, / → 200 /, true);
    expect(list.text).not.toContain(favourite);
    await probe('DELETE', `/v1/favourites/${favourite}`, undefined, / → 200 /, false);
    await probe('PUT', `/v1/favourites/${other}`, undefined, / → 200 /, false);
    expect((await send(buyerA, 'GET', '/v1/favourites')).text).toContain(favourite);
  });

  it("reviews: another buyer's purchase does not make the caller a verified buyer", async () => {
    await probe('POST', `/v1/products/${cartProduct}/reviews`, { rating: 1, comment: 'Not bought' }, / → 403 /, true);
  });

  it("notifications: another buyer's are neither listed nor marked read", async () => {
    const unreadBefore = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', buyerA.user.id)
      .where('read_at', 'is', null)
      .execute();
    expect(unreadBefore.length).toBeGreaterThan(0);
    await probe('GET', '/v1/notifications', undefined, / → 200 /, true);
    await probe('POST', '/v1/notifications/read', undefined, / → 200 /, false);
  });
});

// ---------------------------------------------------------------------------------------------
// The caller's own account

describe('own account: export and erasure reach only the caller', () => {
  beforeAll(() => {
    lastFingerprint = undefined;
  });

  it("GET /v1/me/export by a stranger, or by a Viewer of the farm, carries none of the farm owner's records", async () => {
    for (const [caller, secrets] of [
      [b.owner, a.secrets],
      [
        members.get('Viewer')!,
        [a.cost.id, a.fx.field.id, a.fx.season.id, a.fx.crop.id, a.fx.activity.id, a.invite.email, a.owner.user.id, ...b.secrets],
      ],
    ] as const) {
      const res = await send(caller, 'GET', `/v1/me/export?userId=${a.owner.user.id}&farmId=${a.fx.farm.id}`);
      expect(res.status).toBe(200);
      expect((res.body as { profile: { id: string } }).profile.id).toBe(caller.user.id);
      expect(leaks(res.text, secrets)).toEqual([]);
    }
  });

  it('DELETE /v1/me cannot name another account: confirming with their e-mail or id is refused and changes nothing', async () => {
    for (const payload of [{ confirmEmail: a.owner.user.email }, { confirmEmail: a.owner.user.email, userId: a.owner.user.id }]) {
      const before = await dbFingerprint();
      const res = await send(b.owner, 'DELETE', `/v1/me?userId=${a.owner.user.id}`, payload);
      expect(`${res.status} ${res.message}`).toMatch(/^400 /);
      expect(await dbFingerprint()).toBe(before);
    }
  });

  it("preferences: another person's id in the request reads and writes only the caller's own", async () => {
    const hectares = {
      language: 'sw',
      areaUnit: 'hectares',
      notifications: { orderUpdates: false, taskAssignments: false, paymentUpdates: false },
    };
    const wrote = await send(b.owner, 'PUT', `/v1/me/preferences?userId=${a.owner.user.id}`, hectares);
    expect(wrote.status).toBe(200);
    const aOwn = await send(a.owner, 'GET', '/v1/me/preferences');
    expect((aOwn.body as { areaUnit: string }).areaUnit).toBe('acres');
    const bRead = await send(b.owner, 'GET', `/v1/me/preferences?userId=${a.owner.user.id}`);
    expect((bRead.body as { areaUnit: string }).areaUnit).toBe('hectares');
    // Put back, so later fingerprints see the world as before.
    await t.db.deleteFrom('user_preferences').where('user_id', '=', b.owner.user.id).execute();
  });

  it("sign-ins: a stranger's list carries none of the owner's, and signing one out answers 404 and changes nothing", async () => {
    const aSessions = await t.db.selectFrom('auth_sessions').select('id').where('user_id', '=', a.owner.user.id).execute();
    expect(aSessions.length).toBeGreaterThan(0);
    const listed = await send(b.owner, 'GET', `/v1/me/sessions?userId=${a.owner.user.id}`);
    expect(listed.status).toBe(200);
    expect(
      leaks(
        listed.text,
        aSessions.map((s) => s.id),
      ),
    ).toEqual([]);
    for (const { id } of aSessions) {
      const before = await dbFingerprint();
      const res = await send(b.owner, 'DELETE', `/v1/me/sessions/${id}`);
      expect(`${res.status} ${res.message}`).toMatch(/^404 /);
      expect(await dbFingerprint()).toBe(before);
    }
    expect((await send(a.owner, 'GET', '/v1/me/preferences')).status).toBe(200);
  });

  it("push: a stranger's unsubscribe naming the owner's endpoint removes nothing of the owner's", async () => {
    const endpoint = 'https://push.example.com/send/owner-a-endpoint';
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    expect((await send(a.owner, 'POST', '/v1/me/push/subscriptions', { endpoint, keys })).status).toBe(200);
    const before = await dbFingerprint();
    const res = await send(b.owner, 'DELETE', `/v1/me/push/subscriptions?userId=${a.owner.user.id}`, { endpoint });
    expect(res.status).toBe(200);
    expect(await dbFingerprint()).toBe(before);
    const kept = await t.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', endpoint).executeTakeFirst();
    expect(kept?.user_id).toBe(a.owner.user.id);
    expect((await send(b.owner, 'GET', '/v1/me/push/key')).status).toBe(200);
    await t.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  });
});

// ---------------------------------------------------------------------------------------------
// The remote registry: the console is for Admins, deploys for the operator token

describe('remote registry: refused to accounts without Admin, and deploys to any user', () => {
  it('answers 403 to a farm owner and to a farm member on every console route, changing nothing', async () => {
    for (const caller of [a.owner, members.get('Farm Manager')!]) {
      for (const probe of ADMIN_PROBES) {
        const before = await dbFingerprint();
        const res = await send(caller, probe.route.split(' ')[0] as Method, probe.url, probe.body);
        expect(`${probe.route} → ${res.status} ${res.message}`).toBe(`${probe.route} → 403 Only an administrator can do this.`);
        expect(await dbFingerprint()).toBe(before);
      }
    }
  });

  it("answers 401 to a signed-in user's bearer token on the deploy routes, changing nothing", async () => {
    for (const probe of OPERATOR_PROBES) {
      const before = await dbFingerprint();
      const res = await send(a.owner, 'POST', probe.url, probe.body);
      expect(`${probe.route} → ${res.status}`).toBe(`${probe.route} → 401`);
      expect(await dbFingerprint()).toBe(before);
    }
  });
});

describe('account admin: only an Admin hands out Admin', () => {
  beforeAll(() => {
    lastFingerprint = undefined;
  });

  it('a farm owner or member cannot grant Admin to themselves or anyone, nor remove it, and nothing is written', async () => {
    for (const caller of [b.owner, members.get('Farm Manager')!]) {
      for (const payload of [
        { email: caller.user.email, granted: true },
        { email: a.owner.user.email, granted: true },
        { email: a.owner.user.email, granted: false },
      ]) {
        const before = await dbFingerprint();
        const res = await send(caller, 'PUT', '/v1/admin/accounts/admin-role', payload);
        expect(`${res.status} ${res.message}`).toBe('403 Only an administrator can do this.');
        expect(await dbFingerprint()).toBe(before);
      }
    }
  });
});

describe('management: only Admins reach accounts, listings, the queue, the audit and the overview', () => {
  beforeAll(() => {
    lastFingerprint = undefined;
  });

  it('answers 403 to a farm owner and a farm member on every Management route, about another account or listing, changing nothing', async () => {
    const listing = await t.db.selectFrom('products').select('id').where('status', '=', 'active').executeTakeFirstOrThrow();
    for (const caller of [b.owner, members.get('Farm Manager')!]) {
      for (const probe of MANAGEMENT_PROBES) {
        const id = probe.route.includes('/products') ? listing.id : a.owner.user.id;
        const before = await dbFingerprint();
        const res = await send(caller, probe.route.split(' ')[0] as Method, probe.url(id), probe.body);
        expect(`${probe.route} → ${res.status} ${res.message}`).toBe(`${probe.route} → 403 Only an administrator can do this.`);
        expect(leaks(res.text, a.secrets)).toEqual([]);
        expect(await dbFingerprint()).toBe(before);
      }
    }
  });
});
