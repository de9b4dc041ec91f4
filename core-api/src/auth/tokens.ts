import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Access tokens live 15 minutes; the client refreshes 5 minutes before expiry. */
const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

interface AccessClaims {
  /** Our user id (users.id). */
  sub: string;
  /** The session (auth_sessions.id, one per sign-in) this token was issued for. */
  fam: string;
  iat: number;
  exp: number;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' };

// One algorithm, pinned at both ends: a token whose header names anything else is refused.
const ALG = 'HS256';
const keys = new Map<string, Uint8Array>();
const keyFor = (secret: string): Uint8Array => {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
};

/** Issues our own short-lived access token (an HS256 JWT). */
export async function issueAccessToken(
  secret: string,
  claims: { sub: string; fam: string },
  now = Math.floor(Date.now() / 1000),
  ttl = ACCESS_TOKEN_TTL_SECONDS,
): Promise<{ token: string; expiresAt: number }> {
  const exp = now + ttl;
  const token = await new SignJWT({ fam: claims.fam })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(keyFor(secret));
  return { token, expiresAt: exp };
}

/**
 * Verifies signature, algorithm and the required claims. `now` in epoch seconds; `ignoreExpiry`
 * lets refresh and logout read a token that has run out (that is why they are called).
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  { now = Math.floor(Date.now() / 1000), ignoreExpiry = false }: { now?: number; ignoreExpiry?: boolean } = {},
): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: [ALG],
      requiredClaims: ['sub', 'fam', 'iat', 'exp'],
      currentDate: new Date(now * 1000),
      // Expiry is judged below, so an expired token can still be told apart from a forged one.
      clockTolerance: ignoreExpiry ? Number.MAX_SAFE_INTEGER : 0,
    });
    const { sub, fam, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof fam !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { sub, fam, iat, exp } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** A refresh token: random, shown to the client once, stored only as its SHA-256 hash. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}
