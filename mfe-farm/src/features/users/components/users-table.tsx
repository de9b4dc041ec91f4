import type { FarmUser } from '@shambasoko/contracts';
import { useSession } from '@shambasoko/shared';
import { Badge, type DataTableColumn } from '@shambasoko/shared/ui';
import { ItemActions } from '../../../components/icon-button';
import { actionsColumn, ListTable } from '../../../components/list-table';
import { nameOrUnknown, orDash } from '../../../lib/format';
import { memberActions } from '../../../lib/permissions';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { useRowDialogs } from '../../../lib/use-list-page';
import type { FarmUsersQuery } from '../api/get-farm-users';
import { useFarmUsers } from '../api/get-farm-users';
import { UserContact } from './user-contact';
import { RemoveMemberConfirm } from './remove-member-confirm';
import { useT, valueLabel } from '../../../lib/i18n-work';
import { useT as useUserT } from '../../../lib/i18n-users';
import { UserFormDialog } from '../../../components/dialogs';

/**
 * Users & Permissions: the farm users matching `query`. Edit and Remove appear only where the API
 * allows them (permissions.ts memberActions); e-mails and phones come only for roles that may see them.
 */
export function UsersTable({
  query,
  page,
  onPage,
  caption,
}: {
  query: FarmUsersQuery;
  page: number;
  onPage: (p: number) => void;
  caption?: string;
}) {
  const users = useFarmUsers({ ...query, page });
  const { roleOf } = useFarmRoles();
  const me = useSession((s) => s.userId);
  const t = useT();
  const userT = useUserT();
  const label = caption ?? userT('users.caption');
  const { edited, setEditing, closeEditor, removing, setRemoving } = useRowDialogs<FarmUser>();

  const columns: DataTableColumn<FarmUser>[] = [
    {
      key: 'user',
      header: t('common.user'),
      render: (u) => <UserContact name={u.name} email={u.email} phone={u.phone} invited={u.status === 'invited'} />,
    },
    { key: 'farm', header: t('common.farm'), render: (u) => nameOrUnknown(u.farmName) },
    { key: 'field', header: t('common.field'), render: (u) => (u.fieldId ? nameOrUnknown(u.fieldName) : userT('users.allFields')) },
    { key: 'season', header: t('common.season'), render: (u) => (u.seasonId ? orDash(u.seasonName) : userT('users.allSeasons')) },
    { key: 'crop', header: t('common.crop'), render: (u) => (u.cropId ? orDash(u.cropName) : userT('users.allCrops')) },
    {
      key: 'role',
      header: userT('users.role'),
      render: (u) => <Badge tone={u.role === 'Owner' ? 'success' : 'neutral'}>{valueLabel(t, 'role', u.role)}</Badge>,
    },
    actionsColumn((u) => {
      const may = memberActions(roleOf(u.farmId), u, me);
      return (
        <ItemActions
          name={u.name}
          onEdit={may.edit ? () => setEditing(u) : undefined}
          onDelete={may.remove ? () => setRemoving(u) : undefined}
          deleteVerb={userT('users.remove')}
        />
      );
    }),
  ];

  return (
    <>
      <ListTable caption={label} columns={columns} result={users} page={page} onPage={onPage} empty={userT('users.empty')} className="" />
      {edited && <UserFormDialog user={edited} onClose={closeEditor} />}
      <RemoveMemberConfirm member={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
