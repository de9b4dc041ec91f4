import { z } from 'zod';
import { emailField } from '../../../http/fields';
import { FARM_ROLES, FARM_USER_STATUSES } from '../common/constants';
import { filterEnum, filterId, id, listQuery, oneOf, optionalRef, text } from '../common/schemas';

/** The keys `sort` accepts (each also with a "-" for descending); the repository maps them to SQL. */
export const MEMBER_SORT_KEYS = ['name', 'email', 'role', 'status', 'farmName', 'addedDate'] as const;
export type MemberSortKey = (typeof MEMBER_SORT_KEYS)[number];

export const memberParams = z.object({ membershipId: id() });
export const membersQuery = listQuery(MEMBER_SORT_KEYS, {
  farmId: filterId(),
  fieldId: filterId(),
  seasonId: filterId(),
  cropId: filterId(),
  role: filterEnum(FARM_ROLES),
  status: filterEnum(FARM_USER_STATUSES),
});

export const createMemberBody = z.object({
  name: text(),
  email: emailField('must be a valid e-mail address').transform((email) => email.toLowerCase()),
  phone: text(40),
  role: oneOf(FARM_ROLES),
  fieldId: optionalRef(),
  seasonId: optionalRef(),
  cropId: optionalRef(),
});
export const updateMemberBody = createMemberBody
  .omit({ email: true })
  .partial()
  .extend({ status: oneOf(['active', 'inactive']).optional() });

export type MemberInput = z.infer<typeof createMemberBody>;
export type MemberUpdate = z.infer<typeof updateMemberBody>;
