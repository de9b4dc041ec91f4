import type { Kysely } from 'kysely';
import type { IdentityVerifier } from '../../auth/firebase';
import type { SessionGuard } from '../../auth/sessions';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { PLACEHOLDER_UID } from '../identity/repository';
import * as repo from './repository';
import { accountRoles } from '../../auth/roles';

// The Data Policy's promises (Kenya Data Protection Act 2019): a person can take a copy of
// everything held about them, and can have their account erased.

type Db = Kysely<Database>;

const EXPORT_FORMAT = 'shambasoko-data-export/1';

async function currentUser(db: Db, userId: string) {
  const user = await repo.findUser(db, userId);
  // A token that outlived its account (deleted meanwhile) is a signed-out caller.
  if (!user) throw new ApiError(401, 'Please sign in to continue.');
  return user;
}

export async function exportMyData(db: Db, userId: string, now = new Date()) {
  const user = await currentUser(db, userId);
  const data = await repo.exportData(db, userId, user.email);
  const profile = {
    id: user.id,
    email: user.email,
    emailVerified: user.email_verified,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    fullName: user.full_name,
    msisdn: user.msisdn,
    avatar: user.avatar,
    roles: await accountRoles(db, userId),
    identityProviderId: user.firebase_uid,
    consents: {
      terms: { accepted: user.terms_accepted, version: user.terms_version },
      privacyPolicy: { accepted: user.privacy_policy_accepted, version: user.privacy_policy_version },
      cookiePolicy: { accepted: user.cookie_policy_accepted, version: user.cookie_policy_version },
    },
    createdAt: user.created_at,
    updatedAt: user.updated_at,
  };
  return { format: EXPORT_FORMAT, exportedAt: now.toISOString(), profile, ...data };
}

export function exportFileName(now = new Date()): string {
  return `shambasoko-my-data-${now.toISOString().slice(0, 10)}.json`;
}

function listNames(names: string[]): string {
  const quoted = names.map((n) => `“${n}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/**
 * Erases the caller's account after they typed its e-mail address. The identity provider's account
 * is deleted last inside the transaction: if that fails, nothing here is erased and they can retry;
 * once it succeeds the database changes commit.
 */
export async function deleteMyAccount(
  db: Db,
  verifier: Pick<IdentityVerifier, 'deleteUser'>,
  sessions: Pick<SessionGuard, 'revoked'>,
  userId: string,
  confirmEmail: string,
) {
  const user = await currentUser(db, userId);
  if (confirmEmail.trim().toLowerCase() !== user.email) {
    throw new ApiError(400, 'The e-mail address you typed does not match your account. Type it exactly to confirm.');
  }
  const erased = await db.transaction().execute(async (trx) => {
    const blocking = await repo.ownedFarmsWithOthers(trx, userId);
    if (blocking.length > 0) {
      const plural = blocking.length > 1;
      throw new ApiError(
        409,
        `You are the Owner of ${listNames(blocking.map((f) => f.name))}, which other people still use. ` +
          `Hand ${plural ? 'these farms' : 'the farm'} over or remove ${plural ? 'their' : 'its'} other users first, then delete your account.`,
      );
    }
    const erased = await repo.eraseUser(trx, user);
    if (!PLACEHOLDER_UID.test(user.firebase_uid)) await verifier.deleteUser(user.firebase_uid);
    return erased;
  });
  // The session rows went with the user: their access tokens stop now, not when the cache ages out.
  sessions.revoked(erased.sessionIds);
  return erased;
}
