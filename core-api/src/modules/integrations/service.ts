import type { Kysely, Selectable } from 'kysely';
import type {
  ApiKey,
  CreateApiKey,
  CreatedApiKey,
  CreatedWebhook,
  CreateWebhook,
  Integrations,
  OrgRef,
  Webhook,
  WebhookDelivery,
} from '@shambasoko/contracts';
import { recordAdminAction } from '../../audit/admin-actions';
import { newApiKey } from '../../auth/api-keys';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { assertPublicUrl, InternalAddressError } from './address-check';
import { enqueueTestEvent, newWebhookSecret } from './webhooks';

type KeyRow = Pick<
  Selectable<Database['api_keys']>,
  'id' | 'org_kind' | 'org_id' | 'org_name' | 'name' | 'prefix' | 'scopes' | 'created_at' | 'last_used_at' | 'revoked_at'
>;
type WebhookRow = Pick<
  Selectable<Database['webhook_endpoints']>,
  'id' | 'org_kind' | 'org_id' | 'org_name' | 'url' | 'events' | 'created_at' | 'disabled_at'
>;

const KEY_COLUMNS = [
  'id',
  'org_kind',
  'org_id',
  'org_name',
  'name',
  'prefix',
  'scopes',
  'created_at',
  'last_used_at',
  'revoked_at',
] as const;
const WEBHOOK_COLUMNS = ['id', 'org_kind', 'org_id', 'org_name', 'url', 'events', 'created_at', 'disabled_at'] as const;

const ORG_NOT_FOUND = 'We could not find that shop or farm.';
const KEY_NOT_FOUND = 'We could not find that API key.';
const WEBHOOK_NOT_FOUND = 'We could not find that webhook.';
const WEBHOOK_NEEDS_HTTPS = 'A webhook address must start with https://.';
const WEBHOOK_NOT_PUBLIC = 'A webhook address must be on the public internet, not inside a private network.';

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

function keyOf(row: KeyRow): ApiKey {
  return {
    id: row.id,
    org: { kind: row.org_kind, id: row.org_id, name: row.org_name },
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKey['scopes'],
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

function webhookOf(row: WebhookRow): Webhook {
  return {
    id: row.id,
    org: { kind: row.org_kind, id: row.org_id, name: row.org_name },
    url: row.url,
    events: row.events as Webhook['events'],
    createdAt: new Date(row.created_at).toISOString(),
    disabledAt: iso(row.disabled_at),
  };
}

/** The organisation's stored identity: a shop or farm must exist; a partner is its name. */
async function resolveOrg(
  db: Kysely<Database>,
  org: OrgRef,
): Promise<{ org_kind: OrgRef['kind']; org_id: string | null; org_name: string }> {
  if (org.kind === 'partner') return { org_kind: 'partner', org_id: null, org_name: org.name };
  const row =
    org.kind === 'shop'
      ? await db.selectFrom('sellers').select(['id', 'name']).where('id', '=', org.id).executeTakeFirst()
      : await db.selectFrom('farms').select(['id', 'name']).where('id', '=', org.id).executeTakeFirst();
  if (!row) throw new ApiError(404, ORG_NOT_FOUND);
  return { org_kind: org.kind, org_id: row.id, org_name: row.name.slice(0, 120) };
}

export async function listIntegrations(db: Kysely<Database>): Promise<Integrations> {
  const [keys, webhooks] = await Promise.all([
    db.selectFrom('api_keys').select(KEY_COLUMNS).orderBy('created_at', 'desc').orderBy('id').limit(200).execute(),
    db.selectFrom('webhook_endpoints').select(WEBHOOK_COLUMNS).orderBy('created_at', 'desc').orderBy('id').limit(200).execute(),
  ]);
  return { keys: keys.map(keyOf), webhooks: webhooks.map(webhookOf) };
}

/** What the audit keeps of a key or webhook: who it serves and what it may do, never its secret. */
const keyAudit = (k: ApiKey) => ({ org: k.org, name: k.name, prefix: k.prefix, scopes: k.scopes, revokedAt: k.revokedAt });
const webhookAudit = (w: Webhook) => ({ org: w.org, url: w.url, events: w.events, disabledAt: w.disabledAt });

export async function createApiKey(db: Kysely<Database>, adminId: string, body: CreateApiKey): Promise<CreatedApiKey> {
  const org = await resolveOrg(db, body.org);
  const { secret, prefix, hash } = newApiKey();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('api_keys')
      .values({ ...org, name: body.name, prefix, secret_hash: hash, scopes: body.scopes, created_by: adminId })
      .returning(KEY_COLUMNS)
      .executeTakeFirstOrThrow();
    const key = keyOf(row);
    await recordAdminAction(trx, {
      actorId: adminId,
      action: 'api_key.create',
      subject: { kind: 'api_key', id: key.id },
      before: {},
      after: keyAudit(key),
    });
    return { key, secret };
  });
}

/** Revoking twice changes nothing: the first time stays the one recorded (and audited). */
export async function revokeApiKey(db: Kysely<Database>, adminId: string, id: string): Promise<ApiKey> {
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    const row = await trx.selectFrom('api_keys').select(KEY_COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError(404, KEY_NOT_FOUND);
    const key = keyOf(row);
    if (revoked !== undefined) {
      const after = keyAudit(key);
      await recordAdminAction(trx, {
        actorId: adminId,
        action: 'api_key.revoke',
        subject: { kind: 'api_key', id },
        before: { ...after, revokedAt: null },
        after,
      });
    }
    return key;
  });
}

export async function createWebhook(
  db: Kysely<Database>,
  adminId: string,
  body: CreateWebhook,
  production: boolean,
  privateNetworks: 'allow' | 'refuse',
): Promise<CreatedWebhook> {
  // Events carry buyers' orders: in production they travel encrypted only.
  if (production && !body.url.startsWith('https://')) throw new ApiError(422, WEBHOOK_NEEDS_HTTPS);
  // Checked again on every delivery's connection (DNS may change after this).
  if (privateNetworks === 'refuse') {
    try {
      await assertPublicUrl(body.url);
    } catch (error) {
      if (error instanceof InternalAddressError) throw new ApiError(422, WEBHOOK_NOT_PUBLIC);
      throw error;
    }
  }
  const org = await resolveOrg(db, body.org);
  const secret = newWebhookSecret();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('webhook_endpoints')
      .values({ ...org, url: body.url, events: body.events, secret, created_by: adminId })
      .returning(WEBHOOK_COLUMNS)
      .executeTakeFirstOrThrow();
    const webhook = webhookOf(row);
    await recordAdminAction(trx, {
      actorId: adminId,
      action: 'webhook.create',
      subject: { kind: 'webhook', id: webhook.id },
      before: {},
      after: webhookAudit(webhook),
    });
    return { webhook, secret };
  });
}

export async function disableWebhook(db: Kysely<Database>, adminId: string, id: string): Promise<Webhook> {
  return db.transaction().execute(async (trx) => {
    const disabled = await trx
      .updateTable('webhook_endpoints')
      .set({ disabled_at: new Date() })
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    const row = await trx.selectFrom('webhook_endpoints').select(WEBHOOK_COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError(404, WEBHOOK_NOT_FOUND);
    const webhook = webhookOf(row);
    if (disabled !== undefined) {
      const after = webhookAudit(webhook);
      await recordAdminAction(trx, {
        actorId: adminId,
        action: 'webhook.disable',
        subject: { kind: 'webhook', id },
        before: { ...after, disabledAt: null },
        after,
      });
    }
    return webhook;
  });
}

export async function deliveries(db: Kysely<Database>, endpointId: string, only?: string): Promise<WebhookDelivery[]> {
  const endpoint = await db.selectFrom('webhook_endpoints').select('id').where('id', '=', endpointId).executeTakeFirst();
  if (!endpoint) throw new ApiError(404, WEBHOOK_NOT_FOUND);
  let query = db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'event_id',
      'event_type',
      'status',
      'attempts',
      'last_status',
      'last_error',
      'created_at',
      'delivered_at',
      'next_attempt_at',
    ])
    .where('endpoint_id', '=', endpointId);
  if (only !== undefined) query = query.where('id', '=', only);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(50).execute();
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    eventType: r.event_type,
    status: r.status,
    attempts: r.attempts,
    lastStatus: r.last_status,
    lastError: r.last_error,
    createdAt: new Date(r.created_at).toISOString(),
    deliveredAt: iso(r.delivered_at),
    nextAttemptAt: r.status === 'pending' ? new Date(r.next_attempt_at).toISOString() : null,
  }));
}

/** Queues a test.ping for one endpoint; the caller starts a delivery pass once this has committed. */
export async function sendTestEvent(db: Kysely<Database>, endpointId: string): Promise<WebhookDelivery> {
  const id = await enqueueTestEvent(db, endpointId);
  if (id === null) throw new ApiError(404, WEBHOOK_NOT_FOUND);
  const [delivery] = await deliveries(db, endpointId, id);
  return delivery!;
}
