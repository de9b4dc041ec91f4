import { PHONE_ACCOUNT_DOMAIN, phoneAccountEmail } from '@shambasoko/contracts';
import type { AccountInput, AppRole, AuthTokens, Profile, SelfServiceRole } from '@shambasoko/contracts';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Kysely } from 'kysely';
import type { IdentityVerifier } from '../../auth/firebase';
import { accountRoles } from '../../auth/roles';
import type { SessionGuard } from '../../auth/sessions';
import { issueAccessToken, newRefreshToken, verifyAccessToken } from '../../auth/tokens';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';

const ENDED = 'Your session has ended. Please sign in again.';
import {
  createSession,
  findUserByEmail,
  findUserById,
  findUserByUid,
  hashToken,
  PLACEHOLDER_UID,
  revokeOtherSessions,
  revokeSession,
  setSelfServiceRoles,
  storeRefreshToken,
  type UserRow,
} from './repository';
import type { SignInEvents } from './sign-in-events';
import { catalogued } from '../../http/language';

/** A sign-in lasts at most this long from the moment it was made, however often it is refreshed. */
const SESSION_TTL_DAYS = 30;
/** Refresh asks the identity provider whether the account still exists and is enabled at most this often per session. */
const PROVIDER_CHECK_INTERVAL_MS = 5 * 60_000;
/**
 * A page that navigates away while its refresh is in flight never stores the rotated cookie, and the
 * next page sends the one just used. Within this window that counts as a lost answer, not a copy:
 * the sign-in rotates again and every other unused token of it is spent, so if a copy was in fact
 * used here, the owner's next refresh (with the spent token) revokes the whole sign-in.
 */
const REUSE_GRACE_MS = 20_000;

export interface IdentityDeps {
  db: Kysely<Database>;
  config: Config;
  verifier: IdentityVerifier;
  events: SignInEvents;
  sessions: SessionGuard;
}

/** What a sign-in or refresh hands out: the access token for the body, the refresh token for the cookie. */
export interface IssuedSession {
  auth: AuthTokens;
  refresh: { token: string; expiresAt: Date };
}

const toProfile = (u: UserRow, roles: AppRole[]): Profile => ({
  id: u.id,
  email: u.email,
  username: u.username,
  firstName: u.first_name,
  lastName: u.last_name,
  fullName: u.full_name,
  msisdn: u.msisdn,
  avatar: u.avatar,
  roles,
});

/** The username: the e-mail's part before the at-sign, lowercased, letters and digits only. */
export function usernameFromEmail(email: string): string {
  return (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9]/g, '') || 'user';
}

/** The first word is the first name, the rest the last name (the first word again if only one). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const firstName = words[0] ?? '';
  return { firstName, lastName: words.length > 1 ? words.slice(1).join(' ') : firstName };
}

/** The verified +254… number of a phone sign-in: the provider sets phone_number only once the SMS code was confirmed. */
function verifiedPhone(decoded: DecodedIdToken): string | null {
  if (decoded.firebase?.sign_in_provider !== 'phone') return null;
  return typeof decoded.phone_number === 'string' && /^\+\d{8,15}$/.test(decoded.phone_number) ? decoded.phone_number : null;
}

/** A provider-verified identity; a phone sign-in's e-mail is its stand-in address. */
type VerifiedIdentity = DecodedIdToken & { email: string };

/**
 * Sent where a person agreed to the policies (a sign-up page): only then may a first sign-in open an
 * account, and only then is consent recorded.
 */
type SignUpConsent = Pick<
  AccountInput,
  | 'termsAccepted'
  | 'termsVersion'
  | 'privacyPolicyAccepted'
  | 'privacyPolicyVersion'
  | 'cookiePolicyAccepted'
  | 'cookiePolicyVersion'
  | 'roles'
  | 'language'
> &
  Partial<AccountInput>;

export const NO_ACCOUNT = 'No ShambaSoko account uses this sign-in yet. Create an account first.';

export async function verifiedIdentity(deps: Pick<IdentityDeps, 'verifier'>, idToken: string): Promise<VerifiedIdentity> {
  const decoded = await deps.verifier.verifyIdToken(idToken);
  if (decoded.email) {
    const email = decoded.email.toLowerCase();
    if (email.endsWith(PHONE_ACCOUNT_DOMAIN)) throw new ApiError(400, 'This e-mail address cannot be used. Use another one.');
    return { ...decoded, email };
  }
  const phone = verifiedPhone(decoded);
  if (!phone) throw new ApiError(400, 'This sign-in has no e-mail address or phone number. Use an account with one.');
  return { ...decoded, email: phoneAccountEmail(phone)!, email_verified: true };
}

const SUSPENDED = 'This account is suspended. Contact ShambaSoko support if you think this is a mistake.';

async function issueTokens(deps: IdentityDeps, user: UserRow, provider: 'password' | 'google', device: unknown, signOutOthers = false) {
  // An Admin's suspension ended every sign-in; a new one waits for the restore.
  if (user.suspended_at) throw new ApiError(403, SUSPENDED);
  const sessionExpiresAt = new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000);
  const sessionId = await createSession(deps.db, user.id, provider, device, sessionExpiresAt);
  if (signOutOthers) deps.sessions.revoked(await revokeOtherSessions(deps.db, user.id, sessionId));
  const issued = await tokensForSession(deps, user.id, sessionId, sessionExpiresAt);
  await deps.events.emit(deps.db, { id: user.id, email: user.email, emailVerified: user.email_verified });
  return { ...issued, user: await profile(deps.db, user.id) };
}

/** The refresh token never outlives its session's absolute expiry. */
async function tokensForSession(
  deps: Pick<IdentityDeps, 'db' | 'config'>,
  userId: string,
  sessionId: string,
  sessionExpiresAt: Date,
): Promise<IssuedSession> {
  const refreshToken = newRefreshToken();
  await storeRefreshToken(deps.db, sessionId, refreshToken, sessionExpiresAt);
  const { token, expiresAt } = await issueAccessToken(deps.config.jwtSecret, { sub: userId, fam: sessionId });
  return { auth: { accessToken: token, expiresAt }, refresh: { token: refreshToken, expiresAt: sessionExpiresAt } };
}

/** The provider's linked sign-in methods (password, google.com, …) named in the ID token. */
function identityProviders(identity: DecodedIdToken): string {
  return Object.keys(identity.firebase?.identities ?? {})
    .sort()
    .join(',');
}

/**
 * The users row for a verified identity: found by provider uid; else a row created before its owner
 * first signed in (seeded, invited) is claimed by e-mail; else, on sign-up only, a new row. A plain
 * sign-in (`fields` null) never creates an account and never records consent.
 */
async function userForIdentity(deps: IdentityDeps, identity: VerifiedIdentity, fields: SignUpConsent | null): Promise<UserRow> {
  // Taken from the token at every sign-in: it turns true once the person confirms their address.
  const emailVerified = identity.email_verified === true;
  const providers = identityProviders(identity);
  const byUid = await findUserByUid(deps.db, identity.uid);
  if (byUid) {
    const verifiedChanged = byUid.email_verified !== emailVerified;
    const providersChanged = byUid.identity_providers !== null && byUid.identity_providers !== providers;
    if (!verifiedChanged && byUid.identity_providers === providers) return byUid;
    // A session opened before the address was confirmed, or before the provider relinked the
    // account (e.g. Google taking over an unverified password account), may not be the owner's.
    if (verifiedChanged || providersChanged) {
      deps.sessions.revoked(
        await revokeOtherSessions(deps.db, byUid.id, null, catalogued('e-mail verification or sign-in method changed')),
      );
    }
    return deps.db
      .updateTable('users')
      .set({ email_verified: emailVerified, identity_providers: providers })
      .where('id', '=', byUid.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const byEmail = await findUserByEmail(deps.db, identity.email);
  if (byEmail && !PLACEHOLDER_UID.test(byEmail.firebase_uid)) {
    throw new ApiError(409, 'An account with this e-mail already exists. Sign in instead.');
  }
  // A row made before its owner signed in (seeded, invited) carries data and memberships: only
  // someone who proved the address is theirs may take it over.
  if (byEmail && !emailVerified) {
    throw new ApiError(403, `Please confirm your e-mail address first: open the link we sent to ${identity.email}, then sign in again.`);
  }
  if (!byEmail && !fields) throw new ApiError(404, NO_ACCOUNT);
  const names = fields?.firstName
    ? { firstName: fields.firstName.trim(), lastName: (fields.lastName ?? '').trim() }
    : // A phone-only account starts without a name: the sign-in page asks for it once.
      splitFullName(String(identity.name ?? (verifiedPhone(identity) ? '' : identity.email.split('@')[0])));
  const values = {
    firebase_uid: identity.uid,
    email: identity.email,
    username: usernameFromEmail(identity.email),
    first_name: names.firstName,
    last_name: names.lastName,
    full_name: `${names.firstName} ${names.lastName}`.trim(),
    // A phone sign-in's number is the one the SMS code proved.
    msisdn: verifiedPhone(identity) ?? fields?.msisdn ?? null,
    avatar: fields?.avatar ?? (typeof identity.picture === 'string' ? identity.picture : null),
    email_verified: emailVerified,
    identity_providers: providers,
  };
  // What the person agreed to where they signed up; a claim by plain sign-in leaves the row's as it was.
  const consent = fields
    ? {
        terms_accepted: fields.termsAccepted,
        terms_version: fields.termsVersion,
        privacy_policy_accepted: fields.privacyPolicyAccepted,
        privacy_policy_version: fields.privacyPolicyVersion,
        cookie_policy_accepted: fields.cookiePolicyAccepted,
        cookie_policy_version: fields.cookiePolicyVersion,
      }
    : {};
  if (byEmail) {
    // Claiming keeps what the row already says about the person; only gaps are filled.
    const claim = {
      ...values,
      ...consent,
      username: byEmail.username || values.username,
      first_name: byEmail.first_name || values.first_name,
      last_name: byEmail.last_name || values.last_name,
      full_name: byEmail.first_name || byEmail.last_name ? byEmail.full_name : values.full_name,
      msisdn: byEmail.msisdn ?? values.msisdn,
      avatar: byEmail.avatar ?? values.avatar,
    };
    return deps.db.transaction().execute(async (trx) => {
      const row = await trx.updateTable('users').set(claim).where('id', '=', byEmail.id).returningAll().executeTakeFirstOrThrow();
      // A plain sign-in leaves a row without roles as it is: the front end asks "I am a…" next.
      if (fields) await setSelfServiceRoles(trx, row.id, fields.roles);
      if (fields) await firstLanguage(trx, row.id, fields.language);
      return row;
    });
  }
  if (!fields) throw new ApiError(404, NO_ACCOUNT);
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({ ...values, ...consent })
      .returningAll()
      .executeTakeFirstOrThrow();
    await setSelfServiceRoles(trx, row.id, fields.roles);
    await firstLanguage(trx, row.id, fields.language);
    return row;
  });
}

/** The language chosen before signing up becomes the account's preference; a saved one stays. */
export async function firstLanguage(db: Kysely<Database>, userId: string, language: 'en' | 'sw' | undefined): Promise<void> {
  if (language === undefined) return;
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, language })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function createAccount(deps: IdentityDeps, identity: VerifiedIdentity, account: AccountInput, device: unknown) {
  if (account.firebaseRefId !== identity.uid || account.email.toLowerCase() !== identity.email) {
    throw new ApiError(400, 'The account details do not match the signed-in identity.');
  }
  if (!account.termsAccepted || !account.privacyPolicyAccepted || !account.cookiePolicyAccepted) {
    throw new ApiError(400, 'Please accept the Terms of Use, Privacy Policy and Cookie Policy to create an account.');
  }
  const user = await userForIdentity(deps, identity, account);
  return issueTokens(deps, user, 'password', device);
}

/**
 * Signs in an identity that has an account (or a seeded or invited row to claim); an unknown one is
 * 404 unless `signUp` carries the consent a sign-up page collected (Google on Create Account).
 */
export async function login(
  deps: IdentityDeps,
  identity: VerifiedIdentity,
  device: unknown,
  provider: 'password' | 'google',
  { signOutOthers = false, signUp = null }: { signOutOthers?: boolean; signUp?: SignUpConsent | null } = {},
) {
  const user = await userForIdentity(deps, identity, signUp);
  return issueTokens(deps, user, provider, device, signOutOthers);
}

/** The sign-in a refresh token belongs to (spent, revoked or not), for its per-session rate limit. */
export async function sessionOfRefreshToken(db: Kysely<Database>, refreshToken: string): Promise<string | null> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', hashToken(refreshToken))
    .executeTakeFirst();
  return row?.session_id ?? null;
}

/**
 * Rotates a refresh token. A token that was already used means it was copied: the whole sign-in
 * (every token of its family) is revoked, and the thief and the owner both have to sign in again.
 * A sign-in past its absolute expiry, or whose provider account is gone or disabled, ends too.
 */
/** The rotated tokens, and the account's roles: the page keeps its role switcher current with them. */
export async function refresh(
  deps: IdentityDeps,
  refreshToken: string,
  bearer: string | null,
): Promise<IssuedSession & { roles: AppRole[] }> {
  await checkProviderAccount(deps, hashToken(refreshToken));
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
      .select([
        'refresh_tokens.token_hash',
        'refresh_tokens.used_at',
        'refresh_tokens.expires_at',
        'auth_sessions.id as sessionId',
        'auth_sessions.user_id as userId',
        'auth_sessions.revoked_at',
        'auth_sessions.expires_at as sessionExpiresAt',
      ])
      .where('refresh_tokens.token_hash', '=', hashToken(refreshToken))
      .forUpdate()
      .executeTakeFirst();
    const now = Date.now();
    if (!row || row.revoked_at || row.expires_at.getTime() <= now || row.sessionExpiresAt.getTime() <= now)
      return { kind: 'ended' as const };
    if (bearer) {
      // The access token may be expired (that is why we are here) but must belong to this sign-in.
      const claims = await verifyAccessToken(deps.config.jwtSecret, bearer, { ignoreExpiry: true });
      if (!claims.ok || claims.claims.fam !== row.sessionId) return { kind: 'ended' as const };
    }
    const used = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', row.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (row.used_at || Number(used.numUpdatedRows) === 0) {
      if (!row.used_at || now - row.used_at.getTime() > REUSE_GRACE_MS) return { kind: 'reused' as const, sessionId: row.sessionId };
      await trx
        .updateTable('refresh_tokens')
        .set({ used_at: new Date() })
        .where('session_id', '=', row.sessionId)
        .where('used_at', 'is', null)
        .execute();
    }
    return {
      kind: 'rotated' as const,
      userId: row.userId,
      issued: await tokensForSession({ db: trx, config: deps.config }, row.userId, row.sessionId, row.sessionExpiresAt),
    };
  });
  if (outcome.kind === 'rotated') return { ...outcome.issued, roles: await accountRoles(deps.db, outcome.userId) };
  // Revoked outside the transaction above, so the revocation stands although we answer 401.
  if (outcome.kind === 'reused') deps.sessions.revoked(await revokeSession(deps.db, outcome.sessionId, catalogued('refresh token reuse')));
  throw new ApiError(401, ENDED);
}

/**
 * At most every few minutes per sign-in, asks the provider whether the account still exists and is
 * enabled; a deleted or disabled account's sign-in is revoked. Outside the rotation's transaction:
 * a network call must not hold the database (PGlite has one connection).
 */
async function checkProviderAccount(deps: IdentityDeps, tokenHash: string): Promise<void> {
  const row = await deps.db
    .selectFrom('refresh_tokens')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'auth_sessions.user_id')
    .select(['auth_sessions.id as sessionId', 'auth_sessions.provider_checked_at', 'auth_sessions.revoked_at', 'users.firebase_uid'])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.revoked_at) return; // the rotation answers that
  if (row.provider_checked_at && Date.now() - row.provider_checked_at.getTime() < PROVIDER_CHECK_INTERVAL_MS) return;
  const status = await deps.verifier.accountStatus(row.firebase_uid);
  if (status !== 'active') {
    deps.sessions.revoked(await revokeSession(deps.db, row.sessionId, catalogued(`provider account ${status}`)));
    throw new ApiError(401, ENDED);
  }
  await deps.db.updateTable('auth_sessions').set({ provider_checked_at: new Date() }).where('id', '=', row.sessionId).execute();
}

export async function logout(
  deps: Pick<IdentityDeps, 'db' | 'sessions'>,
  refreshToken: string | null,
  sessionId: string | null,
): Promise<void> {
  if (refreshToken) {
    const row = await deps.db
      .selectFrom('refresh_tokens')
      .select('session_id')
      .where('token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    if (row) deps.sessions.revoked(await revokeSession(deps.db, row.session_id, catalogued('signed out')));
  }
  if (sessionId) {
    await revokeSession(deps.db, sessionId, catalogued('signed out'));
    // Always forgotten here, even when the cookie's session above was the same one.
    deps.sessions.revoked([sessionId]);
  }
}

export async function profile(db: Kysely<Database>, userId: string): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError(401, 'Please sign in to continue.');
  return toProfile(user, await accountRoles(db, userId));
}

export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  changes: { firstName?: string; lastName?: string; msisdn?: string | null; roles?: SelfServiceRole[] },
): Promise<Profile> {
  const current = await profile(db, userId);
  const firstName = changes.firstName?.trim() ?? current.firstName;
  const lastName = changes.lastName?.trim() ?? current.lastName;
  await db.transaction().execute(async (trx) => {
    if (changes.roles) await setSelfServiceRoles(trx, userId, changes.roles);
    await trx
      .updateTable('users')
      .set({
        first_name: firstName,
        last_name: lastName,
        full_name: `${firstName} ${lastName}`.trim(),
        msisdn: changes.msisdn === undefined ? current.msisdn : changes.msisdn,
      })
      .where('id', '=', userId)
      .execute();
  });
  return profile(db, userId);
}
