import type { FarmUser } from '@shambasoko/shared';
import { Badge, ConfirmDialog, DataTable, EmptyState, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { IconButton, RowActions } from '../../../components/icon-button';
import { EditIcon, TrashIcon } from '../../../components/icons';
import { Pager } from '../../../components/pager';
import { errorMessage, nameOrUnknown, orDash } from '../../../lib/format';
import { gate } from '../../../lib/permissions';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { useDeleteFarmUser } from '../api/delete-farm-user';
import type { FarmUsersQuery } from '../api/get-farm-users';
import { useFarmUsers } from '../api/get-farm-users';
import { UserFormDialog } from './user-form-dialog';

/** Users & Permissions: the farm users matching `query`, with edit and remove (never for the Owner). */
export function UsersTable({ query, page, onPage, caption = 'Farm users' }: { query: FarmUsersQuery; page: number; onPage: (p: number) => void; caption?: string }) {
  const users = useFarmUsers({ ...query, page });
  const { roleOf } = useFarmRoles();
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
          <p className="truncate text-stone-500">{u.email}</p>
          <p className="text-stone-500">{u.phone}</p>
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
        const allowed = gate(roleOf(u.farmId), 'manageUsers');
        return (
          <RowActions>
            <IconButton label={`Edit ${u.name}`} icon={<EditIcon />} onClick={() => setEditing(u)} {...allowed} />
            {/* The Owner cannot be removed (spec section 6), so the row has no remove action at all. */}
            {u.role !== 'Owner' && (
              <IconButton label={`Remove ${u.name}`} tone="danger" icon={<TrashIcon />} onClick={() => setRemoving(u)} {...allowed} />
            )}
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
