import { isValidEmail, type AssignableFarmRole, type FarmUser, useSession } from '@shambasoko/shared';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { options } from '../../../lib/constants';
import { assignableRoles, memberActions } from '../../../lib/permissions';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { useForm } from '../../../lib/use-form';
import { FormSelects } from '../../../lib/filters/form-selects';
import { NO_CHOICE, type FilterValue } from '../../../lib/filters/filter-state';
import { useCreateFarmUser } from '../api/create-farm-user';
import { useUpdateFarmUser } from '../api/update-farm-user';

type Values = { name: string; email: string; phone: string; role: AssignableFarmRole };
type Key = keyof Values | 'farm';

export type UserFormDialogProps = { onClose: () => void; farmId?: string; user?: FarmUser };

/**
 * Add User (spec section 5): name, e-mail and phone required; the role list leaves out Owner and
 * starts at Field Worker. An existing account is linked by e-mail, anyone else gets an invitation.
 */
export function UserFormDialog({ onClose, farmId, user }: UserFormDialogProps) {
  const isOwner = user?.role === 'Owner';
  const [where, setWhere] = useState<FilterValue>({
    ...NO_CHOICE,
    farmId: user?.farmId ?? farmId ?? '',
    fieldId: user?.fieldId ?? '',
    seasonId: user?.seasonId ?? '',
    cropId: user?.cropId ?? '',
  });
  const create = useCreateFarmUser();
  const update = useUpdateFarmUser();
  const mutation = user ? update : create;
  const { roleOf } = useFarmRoles();
  const me = useSession((s) => s.userId);
  // Editing: name and phone are the person's own; role and scope are the manager's, within their rank.
  const may = user ? memberActions(roleOf(user.farmId), user, me) : { editContacts: true, editRole: true };
  const form = useForm<Values, Key>({
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      role: user && user.role !== 'Owner' ? user.role : 'Field Worker',
    },
    // Details the caller cannot change are not theirs to check either.
    required: may.editContacts ? { name: 'Name', email: 'Email', phone: 'Phone' } : {},
    validate: (v, found) => ({
      email: may.editContacts && !found.email && !isValidEmail(v.email) ? 'Enter a valid e-mail address.' : found.email,
      phone: may.editContacts && !found.phone && !/^\+?[\d\s\-()]{10,}$/.test(v.phone.trim()) ? 'Enter a phone number of at least 10 digits.' : found.phone,
      farm: where.farmId ? undefined : 'Farm is required.',
    }),
  });
  const actorRole = roleOf(user?.farmId ?? where.farmId);
  const roleChoices = actorRole ? assignableRoles(actorRole) : ['Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer'];
  if (user && !isOwner && !roleChoices.includes(user.role)) roleChoices.unshift(user.role);

  const submit = form.handleSubmit((values) => {
    const scope = { fieldId: where.fieldId || null, seasonId: where.seasonId || null, cropId: where.cropId || null };
    const body = { name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() };
    const done = { onSuccess: onClose };
    // The e-mail is the account link and the Owner's role and scope are fixed, so edits leave them out.
    const edits = may.editContacts ? { name: body.name, phone: body.phone } : {};
    if (user) update.mutate({ id: user.id, input: isOwner || !may.editRole ? edits : { ...edits, role: values.role, ...scope } }, done);
    else create.mutate({ farmId: where.farmId, input: { ...body, role: values.role, ...scope } }, done);
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      title={user ? 'Edit User' : 'Add User'}
      submitLabel={user ? 'Save Changes' : 'Add User'}
      mutation={mutation}
      onSubmit={submit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required {...form.field('name')} autoComplete="off" disabled={!may.editContacts} />
        <TextField label="Email" required type="email" {...form.field('email')} disabled={Boolean(user)} autoComplete="off" />
        <TextField
          label="Phone"
          required={may.editContacts}
          type="tel"
          {...form.field('phone')}
          placeholder={may.editContacts ? '+254 712 345 678' : undefined}
          disabled={!may.editContacts}
          hint={may.editContacts ? undefined : 'Only this person can change their name and phone number.'}
        />
        <SelectField
          label="Role"
          value={isOwner ? 'Owner' : form.values.role}
          onChange={form.field('role').onChange}
          options={isOwner ? [{ value: 'Owner', label: 'Owner' }] : options(roleChoices as AssignableFarmRole[])}
          disabled={isOwner || !may.editRole}
          hint={isOwner ? 'The Owner’s role cannot be changed.' : may.editRole ? undefined : 'Only the Owner can change this role.'}
        />
      </div>
      <FormSelects
        idPrefix="user-form"
        levels={['farm', 'field', 'season', 'crop']}
        value={where}
        onChange={setWhere}
        locked={user || farmId ? (isOwner || !may.editRole ? ['farm', 'field', 'season', 'crop'] : ['farm']) : []}
        labels={{ field: 'Field (optional)', season: 'Season (optional)', crop: 'Crop (optional)' }}
        action="manageUsers"
        columnsClassName="sm:grid-cols-2"
        form={form}
      />
    </FormDialog>
  );
}
