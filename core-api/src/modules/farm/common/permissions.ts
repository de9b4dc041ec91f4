import { FARM_ACTION_WORDS, type FarmAction, type FarmRole, canManageRole, canOnFarm } from '@shambasoko/contracts';
import { ApiError } from '../../../http/envelope';

// The matrix itself is the contract's (contracts/src/farm-permissions.ts), which mfe-farm reads
// too; here a refusal becomes the API's 403. Every service call goes through `assertCan`; an activity's
// edit first tries one statement that writes only where the matrix's roles allow (activities/service.ts),
// and anything it did not write comes here.

export type { FarmAction };

const article = (role: FarmRole) => (/^[AEIOU]/.test(role) ? 'an' : 'a');

export function assertCan(role: FarmRole, action: FarmAction): void {
  if (!canOnFarm(role, action)) {
    throw new ApiError(403, `As ${article(role)} ${role} on this farm you cannot ${FARM_ACTION_WORDS[action]}.`);
  }
}

export function assertCanManageRole(actor: FarmRole, target: FarmRole): void {
  if (!canManageRole(actor, target)) {
    throw new ApiError(
      403,
      `As ${article(actor)} ${actor} on this farm you cannot give, change or remove the ${target} role. Only the Owner can.`,
    );
  }
}
