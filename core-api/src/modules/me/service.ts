import { todayInNairobi } from '@shambasoko/contracts/time';
import type { Kysely } from 'kysely';
import type { IdentityVerifier } from '../../auth/firebase';
import type { SessionGuard } from '../../auth/sessions';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { PLACEHOLDER_UID } from '../identity';
import { endFarmTies, invitationsFor } from '../farm';
import { closeMarketAccount, publishMarketChanges, shopLeftToFinish } from '../market';
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
  const [data, invitations] = await Promise.all([repo.exportData(db, userId), invitationsFor(db, user)]);
  const farmMemberships = [...data.farmMemberships, ...invitations].sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime());
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
  return { format: EXPORT_FORMAT, exportedAt: now.toISOString(), profile, ...data, farmMemberships };
}

export function exportFileName(now = new Date()): string {
  return `shambasoko-my-data-${todayInNairobi(now)}.json`;
}

function listNames(names: string[]): string {
  const quoted = names.map((n) => `“${n}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** Whole sentences for one and for several, so each language words its own plural. */
function farmsToHandOver(farms: Array<{ name: string }>): ApiError {
  const names = listNames(farms.map((f) => f.name));
  return new ApiError(
    409,
    farms.length === 1
      ? `You are the Owner of ${names}, which other people still use. Hand the farm over or remove its other users first, then delete your account.`
      : `You are the Owner of ${names}, which other people still use. Hand these farms over or remove their other users first, then delete your account.`,
  );
}

/** Orders named in a refusal: enough to find them in Sales. */
const NAMED_ORDERS = 5;

/** A shop with paid orders still to deliver cannot close: its buyers paid and wait for their goods. */
async function refuseWhileShopOwes(db: Db, userId: string): Promise<void> {
  const left = await shopLeftToFinish(db, userId);
  if (left === null || left.orders.length === 0) return;
  const count = left.orders.length;
  const orders = left.orders.slice(0, NAMED_ORDERS).join(', ') + (count > NAMED_ORDERS ? ', …' : '');
  throw new ApiError(
    409,
    count === 1
      ? `Your shop “${left.shop}” has a paid order still to deliver (${orders}). Deliver or cancel it in Sales first, then delete your account.`
      : `Your shop “${left.shop}” has ${count} paid orders still to deliver (${orders}). Deliver or cancel them in Sales first, then delete your account.`,
  );
}

/**
 * Erases the caller's account after they typed its e-mail address, in one transaction: the shop they
 * ran closes, their unpaid orders are cancelled, the farms they were on let go of them, and the
 * account goes. The identity provider's account is deleted after the commit (no network call holds
 * the transaction's locks); if that call fails, the erasure stands and `onProviderError` hears of it.
 */
export async function deleteMyAccount(
  db: Db,
  verifier: Pick<IdentityVerifier, 'deleteUser'>,
  sessions: Pick<SessionGuard, 'revoked'>,
  userId: string,
  confirmEmail: string,
  onProviderError: (error: unknown, uid: string) => void = () => {},
) {
  const user = await currentUser(db, userId);
  if (confirmEmail.trim().toLowerCase() !== user.email) {
    throw new ApiError(400, 'The e-mail address you typed does not match your account. Type it exactly to confirm.');
  }
  const erased = await db.transaction().execute(async (trx) => {
    const blocking = await repo.ownedFarmsWithOthers(trx, userId);
    if (blocking.length > 0) throw farmsToHandOver(blocking);
    await refuseWhileShopOwes(trx, userId);
    const market = await closeMarketAccount(trx, userId);
    // A payment confirmed while the shop's sales were being cancelled is an order to deliver too.
    await refuseWhileShopOwes(trx, userId);
    await endFarmTies(trx, user);
    return { ...(await repo.eraseUser(trx, user)), market };
  });
  publishMarketChanges(erased.market, erased.reviewedProducts);
  // The session rows went with the user: their access tokens stop now, not when the cache ages out.
  sessions.revoked(erased.sessionIds);
  if (!PLACEHOLDER_UID.test(user.firebase_uid)) {
    try {
      await verifier.deleteUser(user.firebase_uid);
    } catch (error) {
      onProviderError(error, user.firebase_uid);
    }
  }
  return erased;
}
