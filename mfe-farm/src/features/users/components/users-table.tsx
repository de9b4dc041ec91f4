import { type FarmUser, useSession } from '@shambasoko/shared';
import { Badge, ConfirmDialog, DataTable, EmptyState, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { IconButton, RowActions } from '../../../components/icon-button';
import { EditIcon, TrashIcon } from '../../../components/icons';
import { Pager } from '../../../components/pager';
import { errorMessage, nameOrUnknown, orDash } from '../../../lib/format';
import { memberActions } from '../../../lib/permissions';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { useDeleteFarmUser } from '../api/delete-farm-user';
import type { FarmUsersQuery } from '../api/get-farm-users';
import { useFarmUsers } from '../api/get-farm-users';
import { UserFormDialog } from './user-form-dialog';

/**
 * Users & Permissions: the farm users matching `query`. Edit and Remove appear only where the API
 * allows them (permissions.ts memberActions); e-mails and phones come only for roles that may see them.
 */
export function UsersTable({ query, page, onPage, caption = 'Farm users' }: { query: FarmUsersQuery; page: number; onPage: (p: number) => void; caption?: string }) {
  const users = useFarmUsers({ ...query, page });
  const { roleOf } = useFarmRoles();
  const me = useSession((s) => s.userId);
  const [editing, setEditing] = useState<FarmUser | null>(null);
  const [removing, setRemoving] = useState<FarmUser | null>(null);
  const remove = useDeleteFarmUser();

  const columns: DataTableColumn<FarmUser>[] = [
    {
      key: 'user',
      header: 'User',
      render: (u) => (
        <div className="min-w-0">
          <p className="font-medium text-stone-900">
            {u.name} {u.status === 'invited' && <Badge tone="warning">Invited</Badge>}
          </p>
          {u.email && <p className="truncate text-stone-500">{u.email}</p>}
          {u.phone && <p className="text-stone-500">{u.phone}</p>}
        </div>
      ),
    },
    { key: 'farm', header: 'Farm', render: (u) => nameOrUnknown(u.farmName) },
    { key: 'field', header: 'Field', render: (u) => (u.fieldId ? nameOrUnknown(u.fieldName) : 'All Fields') },
    { key: 'season', header: 'Season', render: (u) => (u.seasonId ? orDash(u.seasonName) : 'All Seasons') },
    { key: 'crop', header: 'Crop', render: (u) => (u.cropId ? orDash(u.cropName) : 'All Crops') },
    { key: 'role', header: 'Role', render: (u) => <Badge tone={u.role === 'Owner' ? 'success' : 'neutral'}>{u.role}</Badge> },
    {
      key: 'actions',
      header: 'Actions',
      render: (u) => {
        const may = memberActions(roleOf(u.farmId), u, me);
        return (
          <RowActions>
            {may.edit && <IconButton label={`Edit ${u.name}`} icon={<EditIcon />} onClick={() => setEditing(u)} />}
            {may.remove && <IconButton label={`Remove ${u.name}`} tone="danger" icon={<TrashIcon />} onClick={() => setRemoving(u)} />}
          </RowActions>
        );
      },
    },
  ];

  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={users.data?.items ?? []}
        rowKey="id"
        loading={users.isPending}
        error={users.isError ? errorMessage(users.error) : null}
        onRetry={() => void users.refetch()}
        empty={<EmptyState title="No users found." />}
      />
      {users.data && <Pager page={page} pageSize={users.data.pageSize} total={users.data.total} capped={users.data.totalCapped} onPage={onPage} />}
      {editing && <UserFormDialog user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove User"
        message={removing ? `Remove ${removing.name} from ${nameOrUnknown(removing.farmName)}? They lose access to this farm.` : ''}
        confirmLabel="Remove"
        busyLabel="Removing..."
        danger
        onConfirm={() => (removing ? remove.mutateAsync(removing.id) : undefined)}
      />
    </>
  );
}
