import type { AssignableFarmRole, FarmUser } from '@shambasoko/contracts';
import { useSession } from '@shambasoko/shared';
import {
  createMemberBody,
  PHONE_ACCOUNT_DOMAIN,
  phoneAccountEmail,
  updateMemberBody,
  type CreateFarmUserInput,
} from '@shambasoko/contracts';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { FormDialog } from '../../../components/form-dialog';
import { options } from '../../../lib/constants';
import { assignableRoles, memberActions } from '../../../lib/permissions';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { editorOf } from '../../../lib/editor';
import { maybePicked, picked, useContractForm } from '../../../lib/form';
import { FormSelects } from '../../../lib/filters/form-selects';
import { useCreateFarmUser } from '../api/create-farm-user';
import { useUpdateFarmUser } from '../api/update-farm-user';
import { useT, valueLabel } from '../../../lib/i18n-work';
import { useT as useUserT } from '../../../lib/i18n-users';
import { t as translate, useT as useFormT } from '../../../lib/i18n-work-forms';

type Values = {
  farmId: string;
  fieldId: string;
  seasonId: string;
  cropId: string;
  name: string;
  email: string;
  phone: string;
  role: string;
};

const scope = { fieldId: maybePicked(), seasonId: maybePicked(), cropId: maybePicked() };
// One of the two: an e-mail, or a Kenyan number the person will sign in with (the invitation waits for it).
const addSchema = createMemberBody
  .extend({ farmId: picked(), ...scope })
  .refine((v) => Boolean(v.email) || phoneAccountEmail(v.phone) !== null, {
    path: ['phone'],
    // Worded when the form is checked, so it follows the language chosen since.
    error: () => translate('users.form.phoneNeeded'),
  });
const editSchema = updateMemberBody.extend(scope);

export type UserFormDialogProps = { onClose: () => void; farmId?: string; user?: FarmUser };

/**
 * Add User: name, and an e-mail or a Kenyan phone number; the role list leaves out Owner and
 * starts at Field Worker. An existing account is linked by e-mail, anyone else gets an invitation.
 */
export function UserFormDialog({ onClose, farmId, user }: UserFormDialogProps) {
  const isOwner = user?.role === 'Owner';
  const t = useT();
  const userT = useUserT();
  const formT = useFormT();
  const { dialog, save } = editorOf(user, useCreateFarmUser(), useUpdateFarmUser(), onClose);
  const { roleOf } = useFarmRoles();
  const me = useSession((s) => s.userId);
  // Editing: name and phone are the person's own; role and scope are the manager's, within their rank.
  const may = user ? memberActions(roleOf(user.farmId), user, me) : { editContacts: true, editRole: true };
  const form = useContractForm<Values, CreateFarmUserInput & { farmId: string }>({
    schema: user ? editSchema : addSchema,
    labels: { name: formT('users.form.name'), email: formT('users.form.email'), phone: formT('users.form.phone') },
    defaultValues: {
      farmId: user?.farmId ?? farmId ?? '',
      fieldId: user?.fieldId ?? '',
      seasonId: user?.seasonId ?? '',
      cropId: user?.cropId ?? '',
      name: user?.name ?? '',
      // A phone-only account's stand-in address is not shown.
      email: user?.email.endsWith(PHONE_ACCOUNT_DOMAIN) ? '' : (user?.email ?? ''),
      phone: user?.phone ?? '',
      role: user?.role ?? 'Field Worker',
    },
  });
  const actorRole = roleOf(user?.farmId ?? form.watch('farmId'));
  const roleChoices = actorRole ? assignableRoles(actorRole) : ['Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'];
  if (user && !isOwner && !roleChoices.includes(user.role)) roleChoices.unshift(user.role);

  const submit = form.handleSubmit(({ farmId: chosen, ...input }) => {
    const scope = { fieldId: input.fieldId, seasonId: input.seasonId, cropId: input.cropId };
    // The e-mail is the account link and the Owner's role and scope are fixed, so edits leave them out.
    const edits = may.editContacts ? { name: input.name, phone: input.phone } : {};
    save({ farmId: chosen, input }, (u) => ({
      id: u.id,
      input: isOwner || !may.editRole ? edits : { ...edits, role: input.role, ...scope },
    }));
  });

  const add = userT('users.add');

  return (
    <FormDialog open onClose={onClose} {...dialog({ title: add, submit: add }, formT('users.form.editTitle'))} onSubmit={submit} size="lg">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={formT('users.form.name')} required {...form.field('name')} autoComplete="off" disabled={!may.editContacts} />
        <TextField
          label={formT('users.form.email')}
          type="email"
          {...form.field('email')}
          disabled={Boolean(user)}
          autoComplete="off"
          hint={user ? undefined : formT('users.form.emailHint')}
        />
        <TextField
          label={formT('users.form.phone')}
          required={may.editContacts}
          type="tel"
          {...form.field('phone')}
          placeholder={may.editContacts ? '+254 712 345 678' : undefined}
          disabled={!may.editContacts}
          hint={may.editContacts ? undefined : formT('users.form.ownContacts')}
        />
        <SelectField
          label={userT('users.role')}
          {...form.field('role')}
          options={
            isOwner
              ? [{ value: 'Owner', label: t('role.Owner') }]
              : options(roleChoices as AssignableFarmRole[], (v) => valueLabel(t, 'role', v))
          }
          disabled={isOwner || !may.editRole}
          hint={isOwner ? formT('users.form.ownerFixed') : may.editRole ? undefined : formT('users.form.ownerOnly')}
        />
      </div>
      <FormSelects
        idPrefix="user-form"
        levels={['farm', 'field', 'season', 'crop']}
        locked={user || farmId ? (isOwner || !may.editRole ? ['farm', 'field', 'season', 'crop'] : ['farm']) : []}
        labels={{ field: formT('users.form.fieldOptional'), season: formT('common.seasonOptional'), crop: formT('common.cropOptional') }}
        action="manageUsers"
        columnsClassName="sm:grid-cols-2"
        form={form}
      />
    </FormDialog>
  );
}
