import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { IDEMPOTENCY_KEY } from '@shambasoko/contracts';
import { requireUser } from '../auth/require-user';
import type { Database } from '../db/schema';
import type { Job } from '../jobs/scheduler';
import { ApiError } from './envelope';

/** The farm writes the app can make offline (issue 18); their Idempotency-Key is optional, and honoured. */
const REPLAYABLE_WRITES: ReadonlyArray<readonly [method: string, route: string]> = [
  ['POST', '/v1/activities'],
  ['PATCH', '/v1/activities/:activityId'],
  ['POST', '/v1/costs'],
  ['POST', '/v1/farms/:farmId/fields'],
  ['POST', '/v1/crops'],
];

/** A day: an outbox replays long before, and the table stays small. */
const KEEP_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    writeReplay: { userId: string; key: string } | null;
  }
}

function replayable(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return REPLAYABLE_WRITES.some(([method, url]) => method === request.method && url === route);
}

function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, 'Idempotency-Key must be 8 to 128 letters, digits or the characters _ . : -');
  return key;
}

const REUSED_KEY = 'This Idempotency-Key was already used for a different change.';

/** The body as JSON with every object's keys sorted, hashed: the same content sent twice hashes the same. */
function bodyHash(body: unknown): string {
  const canonical = JSON.stringify(body ?? null, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** The route with its parameters filled in: the record a PATCH changes is part of what a key stands for. */
function concretePath(route: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return route.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(values[name] ?? '')));
}

/**
 * Replayed offline writes: the first answer (2xx) to a write sent with an Idempotency-Key is kept per
 * account and key, and a repeat of that key gets the same answer without running the write again. The
 * key is bound to its request (method, record, body): the same key with another body or for another
 * record is refused (422), never answered with the first result. A repeat that arrives while the first still runs is told to wait (409); a failed first attempt is
 * forgotten, so the repeat runs. Keys are per account: another account's equal key is its own.
 */
export const writeReplaysPlugin = fp(async function writeReplays(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  app.decorateRequest('writeReplay', null);
  app.addHook('preHandler', async (request, reply) => {
    if (!replayable(request)) return;
    const key = keyOf(request);
    if (key === null) return;
    const userId = requireUser(request).id;
    const route = request.routeOptions.url ?? '';
    const path = concretePath(route, request.params);
    const requestHash = bodyHash(request.body);
    const claimed = await db
      .insertInto('write_replays')
      .values({
        user_id: userId,
        key,
        method: request.method,
        route,
        path,
        request_hash: requestHash,
        expires_at: new Date(Date.now() + KEEP_MS),
      })
      .onConflict((oc) =>
        // An expired key is free again, and so is one whose first request never finished (a crash).
        oc
          .columns(['user_id', 'key'])
          .doUpdateSet({
            method: request.method,
            route,
            path,
            request_hash: requestHash,
            status_code: null,
            response: null,
            created_at: sql`now()`,
            expires_at: new Date(Date.now() + KEEP_MS),
          })
          .where((eb) =>
            eb.or([
              eb('write_replays.expires_at', '<=', sql<Date>`now()`),
              eb.and([
                eb('write_replays.status_code', 'is', null),
                eb('write_replays.created_at', '<', sql<Date>`now() - interval '2 minutes'`),
              ]),
            ]),
          ),
      )
      .returning('key')
      .executeTakeFirst();
    if (claimed) {
      request.writeReplay = { userId, key };
      return;
    }
    const first = await db.selectFrom('write_replays').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    const sameRequest =
      first !== undefined &&
      first.method === request.method &&
      first.route === route &&
      // Rows kept from before these were recorded (migration 032) compare as before.
      (first.path === null || first.path === path) &&
      (first.request_hash === null || first.request_hash === requestHash);
    if (!sameRequest) throw new ApiError(422, REUSED_KEY);
    if (first.status_code === null || first.response === null) {
      throw new ApiError(409, 'This change is still being saved. Please try again in a moment.');
    }
    reply.header('idempotent-replayed', 'true');
    return reply.code(first.status_code).type('application/json; charset=utf-8').send(first.response);
  });
  // Every answer passes here; only a claimed write has anything to do (a callback hook: no promise for the rest).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.writeReplay) {
      done(null, payload);
      return;
    }
    keepAnswer(request, reply, payload).then((kept) => done(null, kept), done);
  });
  const keepAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const claim = request.writeReplay!;
    request.writeReplay = null;
    const where = db.updateTable('write_replays').where('user_id', '=', claim.userId).where('key', '=', claim.key);
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await where.set({ status_code: reply.statusCode, response: payload }).execute();
    } else {
      // Not applied: a retry with this key runs again.
      await db.deleteFrom('write_replays').where('user_id', '=', claim.userId).where('key', '=', claim.key).execute();
    }
    return payload;
  };
});

/** Hourly: deletes kept answers past their day. */
export const writeReplaysPurgeJob = (): Job => ({
  name: 'purge-write-replays',
  intervalMs: KEEP_MS / 24,
  run: (db, now) =>
    db
      .deleteFrom('write_replays')
      .where('expires_at', '<', now)
      .execute()
      .then(() => undefined),
});
