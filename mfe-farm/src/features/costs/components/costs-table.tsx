import { formatKES, type Cost } from '@shambasoko/shared';
import { ConfirmDialog, DataTable, EmptyState, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { IconButton, RowActions } from '../../../components/icon-button';
import { EditIcon, TrashIcon } from '../../../components/icons';
import { Pager } from '../../../components/pager';
import { errorMessage, formatDate, nameOrUnknown } from '../../../lib/format';
import { gate } from '../../../lib/permissions';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { useDeleteCost } from '../api/delete-cost';
import { useCosts, type CostsQuery } from '../api/get-costs';
import { CostFormDialog } from './cost-form-dialog';

/** Costs matching `query`, newest first, with edit and delete for roles that manage costs. */
export function CostsTable({ query, page, onPage, caption = 'Costs' }: { query: CostsQuery; page: number; onPage?: (p: number) => void; caption?: string }) {
  const costs = useCosts({ sort: '-date', ...query, page });
  const { roleOf } = useFarmRoles();
  const [editing, setEditing] = useState<Cost | null>(null);
  const [removing, setRemoving] = useState<Cost | null>(null);
  const remove = useDeleteCost();

  const columns: DataTableColumn<Cost>[] = [
    { key: 'date', header: 'Date', render: (c) => formatDate(c.date) },
    { key: 'description', header: 'Description', render: (c) => <span className="font-medium text-stone-900">{c.description}</span> },
    { key: 'category', header: 'Category', render: (c) => c.category },
    { key: 'activity', header: 'Activity', render: (c) => c.activityType },
    { key: 'farm', header: 'Farm', render: (c) => nameOrUnknown(c.farm) },
    { key: 'field', header: 'Field', render: (c) => nameOrUnknown(c.field) },
    { key: 'amount', header: 'Amount', render: (c) => formatKES(c.amount), className: 'text-right tabular-nums' },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) => {
        const allowed = gate(roleOf(c.farmId), 'manageCosts');
        return (
          <RowActions>
            <IconButton label={`Edit ${c.description}`} icon={<EditIcon />} onClick={() => setEditing(c)} {...allowed} />
            <IconButton label={`Delete ${c.description}`} tone="danger" icon={<TrashIcon />} onClick={() => setRemoving(c)} {...allowed} />
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
        rows={costs.data?.items ?? []}
        rowKey="id"
        loading={costs.isPending}
        error={costs.isError ? errorMessage(costs.error) : null}
        onRetry={() => void costs.refetch()}
        empty={<EmptyState title="No costs found." />}
        className="p-3 sm:p-0"
      />
      {costs.data && onPage && <Pager page={page} pageSize={costs.data.pageSize} total={costs.data.total} capped={costs.data.totalCapped} onPage={onPage} />}
      {editing && <CostFormDialog cost={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Delete Cost"
        message={removing ? `Are you sure you want to delete the cost "${removing.description}" of ${formatKES(removing.amount)}?` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        danger
        onConfirm={() => (removing ? remove.mutateAsync(removing.id) : undefined)}
      />
    </>
  );
}
