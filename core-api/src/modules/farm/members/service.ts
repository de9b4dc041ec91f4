import type { FarmRole, FarmUser } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { notify, textInvitee } from '../../notifications';
import { NOT_FOUND, access, accessChild, getService, listService, orThrow } from '../common/access';
import { assertCan, assertCanManageRole } from '../common/permissions';
import { checkRefs } from '../common/refs';
import { deleteRow } from '../common/repository';
import { getFarm } from '../farms/repository';
import * as repo from './repository';
import { phoneAccountEmail } from '@shambasoko/contracts';
import type { CreateFarmUserInput, UpdateFarmUserInput } from '@shambasoko/contracts';

type Db = Kysely<Database>;

const OWNER_NOT_ASSIGNABLE = 'The Owner role cannot be assigned. Choose another role.';
const CONTACTS_ARE_PERSONAL = 'Only the person can change their own name and phone number.';

/** The invitation's key: the typed e-mail, else the account address of the Kenyan number (a phone sign-in claims it). */
function memberEmail(input: CreateFarmUserInput): string {
  const typed = input.email?.trim().toLowerCase();
  if (typed) return typed;
  const byPhone = phoneAccountEmail(input.phone);
  if (!byPhone) throw new ApiError(400, 'Enter an e-mail address or a Kenyan phone number such as 0712 345 678.');
  return byPhone;
}

export const listMembers = listService(repo.listMembers);
export const listPeople = listService(repo.listPeople);
export const getMember = getService(repo.getMember, NOT_FOUND.member);

/**
 * Links an existing account by e-mail (and tells them), or records an invitation that
 * `claimInvitations` turns into a membership when that e-mail signs up. An account whose address is
 * not verified may belong to someone who signed up with another person's e-mail, so it is not
 * linked: the invitation waits until a sign-in proves the address.
 */
export async function addMember(db: Db, userId: string, farmId: string, input: CreateFarmUserInput): Promise<FarmUser> {
  const role = await access(db, userId, farmId, 'member:write');
  if (input.role === 'Owner') throw new ApiError(400, OWNER_NOT_ASSIGNABLE);
  assertCanManageRole(role, input.role);
  await checkRefs(db, farmId, input);
  const email = memberEmail(input);
  const found = await repo.findUserByEmail(db, email);
  const account = found?.email_verified ? found : undefined;
  if (await repo.findMemberOnFarm(db, farmId, email, account?.id)) {
    throw new ApiError(409, 'This person is already a user of this farm');
  }
  const id = await db.transaction().execute(async (trx) => {
    const membershipId = await repo.insertMember(trx, farmId, input, email, account);
    if (!account && !input.email?.trim()) {
      // Invited by phone number with no account yet: an SMS is how they learn of it.
      const farm = orThrow(await getFarm(trx, userId, farmId), NOT_FOUND.farm);
      const inviter = await trx
        .selectFrom('users')
        .leftJoin('user_preferences', 'user_preferences.user_id', 'users.id')
        .select(['users.full_name', 'users.email', 'user_preferences.language'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      await textInvitee(trx, {
        phone: input.phone,
        language: inviter?.language === 'sw' ? 'sw' : 'en',
        sms: 'farmInvitation',
        values: { inviter: inviter?.full_name || inviter?.email || 'ShambaSoko', farm: farm.name },
        link: '/sign-in',
      });
    }
    if (account) {
      const farm = orThrow(await getFarm(trx, userId, farmId), NOT_FOUND.farm);
      await notify(trx, {
        userId: account.id,
        type: 'farm_member_added',
        title: 'You were added to {farm}',
        body: 'Your role: {role}',
        values: { farm: farm.name },
        words: { role: input.role },
        link: `/farms/${farmId}`,
      });
    }
    return membershipId;
  });
  return getMember(db, userId, id);
}

/**
 * Managers change someone's role, scope and status within their rank (a Farm Manager is changed only
 * by the Owner); a member's name and phone are theirs: only they change them. An invitation's details
 * are what the inviter typed, so managers may still correct them until it is accepted.
 */
export async function updateMember(db: Db, userId: string, membershipId: string, input: UpdateFarmUserInput): Promise<FarmUser> {
  const { farmId, role } = await accessChild(db, userId, 'farm_members', membershipId, 'read', NOT_FOUND.member);
  const current = orThrow(await repo.getMemberRow(db, membershipId), NOT_FOUND.member);
  const self = current.user_id === userId;
  const differs = <T>(next: T | undefined, now: T) => next !== undefined && next !== now;
  const contactChange = differs(input.name, current.name) || differs(input.phone, current.phone);
  const otherChange =
    differs(input.role, current.role) ||
    differs(input.status, current.status) ||
    differs(input.fieldId, current.field_id) ||
    differs(input.seasonId, current.season_id) ||
    differs(input.cropId, current.crop_id);
  if (!self || otherChange) {
    assertCan(role, 'member:write');
    if (current.role !== 'Owner') assertCanManageRole(role, current.role as FarmRole);
  }
  if (contactChange && !self && current.status !== 'invited') throw new ApiError(403, CONTACTS_ARE_PERSONAL);
  if (current.role === 'Owner') {
    if (input.role !== undefined && input.role !== 'Owner') throw new ApiError(400, "The Owner's role cannot be changed");
    if (input.status === 'inactive') throw new ApiError(400, 'The Owner cannot be deactivated');
  } else if (input.role === 'Owner') {
    throw new ApiError(400, OWNER_NOT_ASSIGNABLE);
  } else if (differs(input.role, current.role)) {
    assertCanManageRole(role, input.role!);
  }
  if (input.status !== undefined && current.status === 'invited') {
    throw new ApiError(400, 'An invitation becomes active when the person signs up; its status cannot be changed');
  }
  await checkRefs(db, farmId, { fieldId: input.fieldId, seasonId: input.seasonId, cropId: input.cropId });
  await repo.updateMember(db, membershipId, input, current.role === 'Owner');
  return getMember(db, userId, membershipId);
}

export async function removeMember(db: Db, userId: string, membershipId: string): Promise<void> {
  const { role } = await accessChild(db, userId, 'farm_members', membershipId, 'member:write', NOT_FOUND.member);
  const current = orThrow(await repo.getMemberRow(db, membershipId), NOT_FOUND.member);
  if (current.role === 'Owner') throw new ApiError(400, 'The Owner cannot be removed from the farm');
  assertCanManageRole(role, current.role as FarmRole);
  await deleteRow(db, 'farm_members', membershipId);
}
