import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Access tokens live 15 minutes; the client refreshes 5 minutes before expiry (spec section 9). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  /** Our user id (users.id). */
  sub: string;
  /** The refresh-token family (one per sign-in) this token was issued for. */
  fam: string;
  iat: number;
  exp: number;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' };

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

/** Issues our own short-lived access token (an HS256 JWT). */
export function issueAccessToken(
  secret: string,
  claims: { sub: string; fam: string },
  now = Math.floor(Date.now() / 1000),
  ttl = ACCESS_TOKEN_TTL_SECONDS,
): { token: string; expiresAt: number } {
  const payload: AccessClaims = { ...claims, iat: now, exp: now + ttl };
  const body = `${HEADER}.${b64url(JSON.stringify(payload))}`;
  return { token: `${body}.${sign(body, secret)}`, expiresAt: payload.exp };
}

export function verifyAccessToken(secret: string, token: string, now = Math.floor(Date.now() / 1000)): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof claims.sub !== 'string' || typeof claims.fam !== 'string' || typeof claims.exp !== 'number') return { ok: false, reason: 'invalid' };
  if (claims.exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** A refresh token: random, shown to the client once, stored only as its SHA-256 hash. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}
