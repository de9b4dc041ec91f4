import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import { WEBHOOK_SIGNATURE_HEADER, type OrgKind, type WebhookEvent, type WebhookPayload } from '@shambasoko/contracts';
import type { Database } from '../../db/schema';
import type { Job, JobLog } from '../../jobs/scheduler';
import { requestIdHeader } from '../../observability/context';
import { traced } from '../../observability/tracing';
import { assertPublicUrl, publicOnlyLookup } from './address-check';

type Db = Kysely<Database> | Transaction<Database>;

/** Waits after the 1st…5th failed try; the 6th failure is final. */
export const WEBHOOK_RETRY_AFTER_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 3_600_000];
/** A claim older than this is taken to be from a process that died while sending. */
const CLAIM_LEASE_MS = 2 * 60_000;
const SEND_TIMEOUT_MS = 10_000;
const BATCH = 20;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The signature header's value: HMAC-SHA256 over `<t>.<body>`, t in Unix seconds (replays are told by t). */
function signWebhook(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

export interface WebhookOrg {
  kind: OrgKind;
  id: string;
}

/**
 * Whether the org `orgId` names (a column of the enclosing statement) has an endpoint subscribed to
 * `type`: a caller that reads the org anyway (checkout reads each product's shop) learns it in that
 * statement and calls `enqueueWebhookEvent` only when one listens, instead of a statement per org.
 */
export const webhookListensSql = (kind: OrgKind, orgId: RawBuilder<string>, type: WebhookEvent) => sql<boolean>`exists (
  select 1 from webhook_endpoints e
  where e.org_kind = ${kind} and e.org_id = ${orgId} and e.disabled_at is null and e.events @> array[${type}]::text[]
)`;

/**
 * In the caller's transaction: one delivery per endpoint of `org` subscribed to `type`, so the event
 * is queued exactly when what it tells of commits. The scheduler sends it afterwards.
 */
export async function enqueueWebhookEvent(trx: Db, org: WebhookOrg, type: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'org_kind', 'org_id', 'org_name'])
    .where('org_kind', '=', org.kind)
    .where('org_id', '=', org.id)
    .where('disabled_at', 'is', null)
    .where(sql<boolean>`events @> array[${type}]::text[]`)
    .execute();
  if (endpoints.length === 0) return;
  const eventId = randomUUID();
  const createdAt = new Date().toISOString();
  await trx
    .insertInto('webhook_deliveries')
    .values(
      endpoints.map((e) => ({
        endpoint_id: e.id,
        event_id: eventId,
        event_type: type,
        payload: JSON.stringify({
          id: eventId,
          type,
          createdAt,
          org: { kind: e.org_kind, id: e.org_id, name: e.org_name },
          data,
        } satisfies WebhookPayload),
      })),
    )
    .execute();
}

/** "Send test event": a test.ping to this one endpoint. Returns the delivery's id. */
export async function enqueueTestEvent(db: Db, endpointId: string): Promise<string | null> {
  const endpoint = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'org_kind', 'org_id', 'org_name'])
    .where('id', '=', endpointId)
    .executeTakeFirst();
  if (!endpoint) return null;
  const eventId = randomUUID();
  const row = await db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: endpoint.id,
      event_id: eventId,
      event_type: 'test.ping',
      payload: JSON.stringify({
        id: eventId,
        type: 'test.ping',
        createdAt: new Date().toISOString(),
        org: { kind: endpoint.org_kind, id: endpoint.org_id, name: endpoint.org_name },
        data: { test: true },
      } satisfies WebhookPayload),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Claimed {
  id: string;
  attempts: number;
  payload: Record<string, unknown>;
  url: string;
  secret: string;
}

/**
 * Claims due deliveries (skip locked: two processes never take the same row) and leases them in a
 * short transaction of their own; the receivers are called only after it commits.
 */
async function claimDue(db: Kysely<Database>, now: Date): Promise<Claimed[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', 'in', ['pending', 'sending'])
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    const claimed = await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'sending', attempts: sql`attempts + 1`, next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .returning(['id', 'endpoint_id', 'attempts', 'payload'])
      .execute();
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'url', 'secret'])
      .where('id', 'in', [...new Set(claimed.map((c) => c.endpoint_id))])
      .execute();
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    return claimed.map((c) => ({
      id: c.id,
      attempts: c.attempts,
      payload: c.payload,
      url: byId.get(c.endpoint_id)!.url,
      secret: byId.get(c.endpoint_id)!.secret,
    }));
  });
}

type SendResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

interface DeliveryOptions {
  /** Production: a URL naming or resolving to a private network is not called (checked per connection). */
  privateNetworks: 'allow' | 'refuse';
}

/**
 * POSTs one signed event; any 2xx acknowledges it. Redirects are not followed (the address is the
 * partner's choice). With private networks refused, the connection's own DNS answer is checked
 * (publicOnlyLookup), so a name rebound to 10.x or 169.254.169.254 since registration reaches nothing.
 */
async function post(url: string, secret: string, body: string, now: Date, options: DeliveryOptions): Promise<SendResult> {
  const refuse = options.privateNetworks === 'refuse';
  try {
    const target = new URL(url);
    if (refuse && isIP(target.hostname.replace(/^\[|\]$/g, '')) !== 0) await assertPublicUrl(url);
    const status = await new Promise<number>((resolve, reject) => {
      const request = (target.protocol === 'https:' ? https : http).request(
        target,
        {
          method: 'POST',
          timeout: SEND_TIMEOUT_MS,
          ...(refuse && { lookup: publicOnlyLookup }),
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'ShambaSoko-Webhooks/1',
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, now),
            ...requestIdHeader(),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer in ${SEND_TIMEOUT_MS / 1000} s`)));
      request.on('error', reject);
      request.end(body);
    });
    return status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` };
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** One pass: claim, send outside any transaction, record each outcome. Returns how many were tried. */
export async function deliverWebhooks(db: Kysely<Database>, options: DeliveryOptions, now = new Date(), log?: JobLog): Promise<number> {
  const claimed = await claimDue(db, now);
  for (const row of claimed) {
    const result = await traced('webhook', 'POST', () => post(row.url, row.secret, JSON.stringify(row.payload), new Date(), options));
    if (result.ok) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'delivered', delivered_at: sql`now()`, last_status: result.status, last_error: null })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .execute();
      continue;
    }
    const wait = WEBHOOK_RETRY_AFTER_MS[row.attempts - 1];
    const final = wait === undefined;
    await db
      .updateTable('webhook_deliveries')
      .set({
        status: final ? 'failed' : 'pending',
        last_status: result.status,
        last_error: result.error.slice(0, 300),
        next_attempt_at: final ? now : new Date(now.getTime() + wait),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .execute();
    log?.info({ delivery: row.id, attempts: row.attempts, final, error: result.error }, 'webhook not delivered');
  }
  return claimed.length;
}

/** Delivered and failed rows are kept this long for the delivery log, then deleted. */
const KEEP_FINISHED_MS = 30 * 24 * 3_600_000;

/**
 * The scheduled job (jobs/registry.ts): its transaction only purges old log rows; the sending runs
 * after it commits, on its own connection, so no receiver's slowness holds a transaction open.
 */
export function webhookDeliveryJob(db: Kysely<Database>, options: DeliveryOptions): Job {
  return {
    name: 'webhook-delivery',
    intervalMs: 15_000,
    run: async (trx, now, log, signal) => {
      await trx
        .deleteFrom('webhook_deliveries')
        .where('status', 'in', ['delivered', 'failed'])
        .where('created_at', '<', new Date(now.getTime() - KEEP_FINISHED_MS))
        .execute();
      // Returned, so shutdown waits for the pass under way; a stopping process starts no new pass.
      return async () => {
        while (!signal.aborted && (await deliverWebhooks(db, options, now, log)) === BATCH);
      };
    },
  };
}
