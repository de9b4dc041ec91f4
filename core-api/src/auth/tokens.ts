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
 * Tokens whose signature and claims were already checked, with their claims. A phone sends the same
 * token with every request for up to 15 minutes: checking its signature once is enough, its expiry is
 * still judged on each use. Only good tokens get in (a flood of forged ones cannot fill it), per
 * secret, and the whole map is dropped when full. Revocation is the session check's job, not this one's.
 */
export interface VerifiedTokens {
  get(secret: string, token: string): AccessClaims | undefined;
  set(secret: string, token: string, claims: AccessClaims): void;
  /** Signature checks done and answers given from memory (tests, diagnostics). */
  readonly stats: { checked: number; remembered: number };
}

export function createVerifiedTokens(max = 20_000): VerifiedTokens {
  const bySecret = new Map<string, Map<string, AccessClaims>>();
  let size = 0;
  return {
    stats: { checked: 0, remembered: 0 },
    get: (secret, token) => bySecret.get(secret)?.get(token),
    set(secret, token, claims) {
      if (size >= max) {
        bySecret.clear();
        size = 0;
      }
      let tokens = bySecret.get(secret);
      if (!tokens) bySecret.set(secret, (tokens = new Map()));
      if (!tokens.has(token)) size += 1;
      tokens.set(token, claims);
    },
  };
}

/** The process's own: every app and caller in it shares what was verified. */
const verifiedTokens = createVerifiedTokens();

/**
 * Verifies signature, algorithm and the required claims. `now` in epoch seconds; `ignoreExpiry`
 * lets refresh and logout read a token that has run out (that is why they are called).
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  {
    now = Math.floor(Date.now() / 1000),
    ignoreExpiry = false,
    verified = verifiedTokens,
  }: { now?: number; ignoreExpiry?: boolean; verified?: VerifiedTokens } = {},
): Promise<VerifyResult> {
  const known = verified.get(secret, token);
  if (known !== undefined) {
    verified.stats.remembered += 1;
    // As jose judges it with no clock tolerance: expired once `exp` is reached.
    if (!ignoreExpiry && known.exp <= now) return { ok: false, reason: 'expired' };
    return { ok: true, claims: known };
  }
  verified.stats.checked += 1;
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
    const claims = { sub, fam, iat, exp };
    // A not-before time is judged against the clock on every use; ours never carry one.
    if (payload.nbf === undefined) verified.set(secret, token, claims);
    return { ok: true, claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** A refresh token: random, shown to the client once, stored only as its SHA-256 hash. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}
