// A Web Push service as the sandbox plays it, and the subscriber too: POST /sandbox/push/subscribers
// makes a fake browser subscription (P-256 key pair and auth secret kept here) whose endpoint is
// /push/send/<id>; pushes to it are checked like a real service checks them (VAPID JWT signature,
// aud, exp, TTL), decrypted (RFC 8291 over RFC 8188 aes128gcm) and listed at /sandbox/push?endpoint=
// (JSON) and /push?endpoint= (page). An outage switch answers 503; a forgotten subscription 410.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, sendPage } from './html';

export interface SandboxPush {
  id: number;
  endpoint: string;
  receivedAt: string;
  ttl: number;
  urgency: string | null;
  /** The decrypted payload as text (null for an empty push). */
  payload: string | null;
  /** The payload parsed, when it is JSON (ours: { title, body, url }). */
  json: unknown;
}

interface Subscriber {
  id: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** The VAPID public key the subscription was made for (pushManager.subscribe's applicationServerKey). */
  applicationServerKey: string | null;
  gone: boolean;
}

interface PushOptions {
  /** The sandbox's own origin as its subscribers' endpoints name it. */
  baseUrl: () => string;
  log: (line: string) => void;
}

/** Older pushes are dropped past this many, so a long `npm start` does not grow without end. */
const KEEP = 500;
const MAX_JWT_LIFETIME_S = 24 * 3600;

const b64 = (s: string) => Buffer.from(s, 'base64url');

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 §3.4 and RFC 8188: the subscriber's side. Throws when the body does not decrypt. */
function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65) throw new Error('keyid is not an uncompressed P-256 key');
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const records = body.subarray(21 + idlen);
  // One record is all a push carries (4096 bytes at most).
  if (records.length > rs || records.length < 17) throw new Error('expected a single record');
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('last record delimiter missing');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` as a push service does; returns the key or why not. */
function checkVapid(header: string | undefined, audience: string, now = Date.now()): { key: string } | { error: string } {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) return { error: 'Authorization is not vapid t=…, k=…' };
  const params = Object.fromEntries(
    match[1]!.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const token = params.t;
  const key = params.k;
  if (!token || !key) return { error: 'vapid needs t and k' };
  const raw = b64(key);
  if (raw.length !== 65 || raw[0] !== 4) return { error: 'k is not an uncompressed P-256 key' };
  const [head, claims, signature] = token.split('.');
  if (!head || !claims || !signature) return { error: 't is not a JWT' };
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, b64(signature));
  if (!signed) return { error: 'JWT signature does not match k' };
  let payload: { aud?: unknown; exp?: unknown; sub?: unknown };
  let header_: { alg?: unknown };
  try {
    header_ = JSON.parse(b64(head).toString()) as { alg?: unknown };
    payload = JSON.parse(b64(claims).toString()) as typeof payload;
  } catch {
    return { error: 'JWT is not JSON' };
  }
  if (header_.alg !== 'ES256') return { error: 'JWT alg is not ES256' };
  if (payload.aud !== audience) return { error: `aud ${String(payload.aud)} is not ${audience}` };
  const seconds = now / 1000;
  if (typeof payload.exp !== 'number' || payload.exp <= seconds || payload.exp > seconds + MAX_JWT_LIFETIME_S) {
    return { error: 'exp missing, past, or more than 24 hours away' };
  }
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return { error: 'sub is not mailto: or https:' };
  return { key };
}

export function createPush(options: PushOptions) {
  const subscribers = new Map<string, Subscriber>();
  const pushes: SandboxPush[] = [];
  let nextId = 1;
  let outage = false;
  const endpointOf = (id: string) => `${options.baseUrl()}/push/send/${id}`;

  function register(app: FastifyInstance) {
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: 8192 }, (_request, body, done) =>
      done(null, body),
    );

    // The fake browser: what PushSubscription.toJSON() gives, for the API's POST /v1/me/push/subscriptions.
    app.post('/sandbox/push/subscribers', async (request, reply) => {
      const applicationServerKey = (request.body as { applicationServerKey?: unknown } | undefined)?.applicationServerKey;
      if (applicationServerKey !== undefined && (typeof applicationServerKey !== 'string' || b64(applicationServerKey).length !== 65)) {
        return reply.code(400).send({ error: 'applicationServerKey must be a P-256 public key, base64url.' });
      }
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomBytes(12).toString('hex');
      const subscriber: Subscriber = { id, ecdh, auth: randomBytes(16), applicationServerKey: applicationServerKey ?? null, gone: false };
      subscribers.set(id, subscriber);
      return reply.code(201).send({
        endpoint: endpointOf(id),
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: subscriber.auth.toString('base64url') },
      });
    });

    // The browser unsubscribed or the service expired it: pushes to it answer 410 from now on.
    app.delete('/sandbox/push/subscribers/:id', async (request, reply) => {
      const subscriber = subscribers.get((request.params as { id: string }).id);
      if (!subscriber) return reply.code(404).send({ error: 'No such subscriber.' });
      subscriber.gone = true;
      return { gone: true };
    });

    app.post('/sandbox/push/outage', async (request, reply) => {
      const on = (request.body as { on?: unknown } | undefined)?.on;
      if (typeof on !== 'boolean') return reply.code(400).send({ error: 'Send {"on": true|false}.' });
      outage = on;
      options.log(on ? 'push outage ON: the push service answers 503' : 'push outage OFF');
      return { on };
    });

    app.post('/push/send/:id', async (request, reply) => {
      if (outage) return reply.code(503).send('Service Unavailable');
      const subscriber = subscribers.get((request.params as { id: string }).id);
      if (!subscriber) return reply.code(404).send('No such subscription');
      if (subscriber.gone) return reply.code(410).send('Subscription expired');
      const vapid = checkVapid(request.headers.authorization, new URL(options.baseUrl()).origin);
      if ('error' in vapid) return reply.code(401).send(vapid.error);
      if (subscriber.applicationServerKey && vapid.key !== subscriber.applicationServerKey) {
        return reply.code(403).send('VAPID key is not the one the subscription was made with');
      }
      const ttl = Number(request.headers.ttl);
      if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return reply.code(400).send('TTL header missing');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let payload: string | null = null;
      if (body.length > 0) {
        if (request.headers['content-encoding'] !== 'aes128gcm') return reply.code(415).send('Content-Encoding must be aes128gcm');
        try {
          payload = decryptPush(body, subscriber.ecdh, subscriber.auth).toString('utf8');
        } catch (err) {
          return reply.code(400).send(`Payload does not decrypt: ${(err as Error).message}`);
        }
      }
      let json: unknown = null;
      try {
        json = payload === null ? null : JSON.parse(payload);
      } catch {
        json = null;
      }
      const push: SandboxPush = {
        id: nextId++,
        endpoint: endpointOf(subscriber.id),
        receivedAt: new Date().toISOString(),
        ttl,
        urgency: typeof request.headers.urgency === 'string' ? request.headers.urgency : null,
        payload,
        json,
      };
      pushes.push(push);
      if (pushes.length > KEEP) pushes.splice(0, pushes.length - KEEP);
      options.log(`push to ${subscriber.id}: ${payload ?? '(empty)'}`);
      return reply.code(201).header('location', `${options.baseUrl()}/push/messages/${push.id}`).send();
    });

    // For tests: what reached an endpoint (all without one), oldest first, decrypted.
    app.get('/sandbox/push', async (request) => {
      const endpoint = String((request.query as { endpoint?: string }).endpoint ?? '');
      return { messages: endpoint ? pushes.filter((p) => p.endpoint === endpoint) : pushes };
    });

    app.get('/push', async (request, reply) => {
      const endpoint = String((request.query as { endpoint?: string }).endpoint ?? '');
      const items = pushes
        .filter((p) => p.endpoint === endpoint)
        .reverse()
        .map((p) => {
          const notice = (p.json ?? {}) as { title?: unknown; body?: unknown; url?: unknown };
          return (
            `<li class="push"><h2>${escapeHtml(notice.title ?? '')}</h2><p>${escapeHtml(notice.body ?? p.payload ?? '')}</p>` +
            `<span class="meta">${escapeHtml(notice.url ?? '')} · ${escapeHtml(p.receivedAt.slice(11, 16))}</span></li>`
          );
        })
        .join('');
      return sendPage(reply, {
        title: 'Push notifications',
        style: STYLE,
        body:
          `<main><h1>Push notifications</h1><form method="get" action="/push"><label for="endpoint">Endpoint</label>` +
          `<input id="endpoint" name="endpoint" value="${escapeHtml(endpoint)}"><button type="submit">Open</button></form>` +
          (endpoint ? `<ul aria-label="Push notifications">${items || '<li class="empty">None yet.</li>'}</ul>` : '') +
          '</main>',
      });
    });
  }

  return {
    register,
    list: () => pushes,
    setOutage: (on: boolean) => void (outage = on),
  };
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#eef2ee;color:#1a1a1a}
main{max-width:412px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:0 0 12px}
h2{font-size:16px;margin:0 0 2px;overflow-wrap:anywhere}
form{display:flex;gap:8px;align-items:center;margin-bottom:16px;flex-wrap:wrap}
input{flex:1;min-width:0;padding:10px;font:inherit;border:1px solid #999;border-radius:8px}
button{padding:10px 14px;font:inherit;border:0;border-radius:8px;background:#1f6f3f;color:#fff}
ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.push{background:#fff;border-radius:12px;padding:10px 12px;box-shadow:0 1px 2px rgba(0,0,0,.1)}
.push p{margin:6px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.meta{font-size:12px;color:#555;overflow-wrap:anywhere}
.empty{color:#555}
`;
