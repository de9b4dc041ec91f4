import { formatKES, type Cost } from '@shambasoko/shared';
import type { DataTableColumn } from '@shambasoko/shared/ui';
import { CompactRow } from '../../../components/compact-row';
import { ItemActions } from '../../../components/icon-button';
import { actionsColumn, ConfirmDelete, ListTable } from '../../../components/list-page';
import { formatDate, nameOrUnknown } from '../../../lib/format';
import { can, gate } from '../../../lib/permissions';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { useRowDialogs } from '../../../lib/use-list-page';
import { useDeleteCost } from '../api/delete-cost';
import { useCosts, type CostsQuery } from '../api/get-costs';
import { CostFormDialog } from './cost-form-dialog';

/** A cost's name in buttons and confirmations: its description, or its category when it has none. */
const costName = (c: Cost) => c.description || `${c.category} cost`;

/** Costs matching `query`, newest first, with edit and delete for roles that manage costs. */
export function CostsTable({
  query,
  page,
  onPage,
  caption = 'Costs',
}: {
  query: CostsQuery;
  page: number;
  onPage?: (p: number) => void;
  caption?: string;
}) {
  const costs = useCosts({ sort: '-date', ...query, page });
  const { roleOf } = useFarmRoles();
  const { edited, setEditing, closeEditor, removing, setRemoving } = useRowDialogs<Cost>();
  const remove = useDeleteCost();

  const columns: DataTableColumn<Cost>[] = [
    { key: 'date', header: 'Date', render: (c) => formatDate(c.date) },
    { key: 'description', header: 'Description', render: (c) => <span className="font-medium text-stone-900">{c.description}</span> },
    { key: 'category', header: 'Category', render: (c) => c.category },
    { key: 'activity', header: 'Activity', render: (c) => c.activityType },
    { key: 'farm', header: 'Farm', render: (c) => nameOrUnknown(c.farm) },
    // A cost with no field is a farm-wide overhead (fuel, fencing).
    { key: 'field', header: 'Field', render: (c) => (c.fieldId === null ? 'Whole farm' : nameOrUnknown(c.field)) },
    { key: 'amount', header: 'Amount', render: (c) => formatKES(c.amount), className: 'text-right tabular-nums' },
    actionsColumn((c) => (
      <ItemActions
        name={costName(c)}
        onEdit={() => setEditing(c)}
        onDelete={() => setRemoving(c)}
        allowed={gate(roleOf(c.farmId), 'manageCosts')}
      />
    )),
  ];

  return (
    <>
      <ListTable
        caption={caption}
        columns={columns}
        result={costs}
        page={page}
        onPage={onPage}
        empty="No costs found."
        // A role that may not change costs has nothing to open: the row already shows the entry.
        onRowClick={(c) => can(roleOf(c.farmId), 'manageCosts') && setEditing(c)}
        card={(c) => (
          <CompactRow
            title={costName(c)}
            facts={[formatDate(c.date), c.fieldId === null ? 'Whole farm' : nameOrUnknown(c.field)]}
            status={<span className="font-semibold text-stone-900 tabular-nums">{formatKES(c.amount)}</span>}
            end={<ItemActions name={costName(c)} onDelete={() => setRemoving(c)} allowed={gate(roleOf(c.farmId), 'manageCosts')} />}
          />
        )}
      />
      {edited && <CostFormDialog cost={edited} onClose={closeEditor} />}
      <ConfirmDelete
        item={removing}
        onClose={() => setRemoving(null)}
        title="Delete Cost"
        message={(c) => `Are you sure you want to delete the cost "${costName(c)}" of ${formatKES(c.amount)}?`}
        mutation={remove}
      />
    </>
  );
}
