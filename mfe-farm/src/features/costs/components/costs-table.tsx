import type { Cost } from '@shambasoko/contracts';
import { formatKES } from '@shambasoko/shared';
import type { DataTableColumn } from '@shambasoko/shared/ui';
import { CompactRow } from '../../../components/compact-row';
import { ItemActions } from '../../../components/icon-button';
import { actionsColumn, ConfirmDelete, ListTable } from '../../../components/list-table';
import { formatDate, nameOrUnknown } from '../../../lib/format';
import { can, gate } from '../../../lib/permissions';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { useRowDialogs } from '../../../lib/use-list-page';
import { useDeleteCost } from '../api/delete-cost';
import { useCosts, type CostsQuery } from '../api/get-costs';
import { useT, valueLabel, type WorkT } from '../../../lib/i18n-work';
import { useT as useCostT } from '../../../lib/i18n-costs';
import { CostFormDialog } from '../../../components/dialogs';

type CostT = ReturnType<typeof useCostT>;

/** A cost's name in buttons and confirmations: its description, or its category when it has none. */
const costName = (t: WorkT, costT: CostT, c: Cost) =>
  c.description || costT('costs.unnamed', { category: valueLabel(t, 'category', c.category) });

/** Costs matching `query`, newest first, with edit and delete for roles that manage costs. */
export function CostsTable({
  query,
  page,
  onPage,
  caption,
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
  const t = useT();
  const costT = useCostT();
  const fieldOf = (c: Cost) => (c.fieldId === null ? t('common.wholeFarm') : nameOrUnknown(c.field));
  const cropSeasonOf = (c: Cost) => [c.crop, c.season].filter(Boolean).join(' · ');

  const columns: DataTableColumn<Cost>[] = [
    { key: 'date', header: costT('costs.form.date'), render: (c) => formatDate(c.date) },
    {
      key: 'description',
      header: costT('costs.form.description'),
      render: (c) => <span className="font-medium text-stone-900">{c.description}</span>,
    },
    { key: 'category', header: costT('costs.category'), render: (c) => valueLabel(t, 'category', c.category) },
    { key: 'activity', header: t('common.activity'), render: (c) => valueLabel(t, 'type', c.activityType) },
    { key: 'farm', header: t('common.farm'), render: (c) => nameOrUnknown(c.farm) },
    // A cost with no field is a farm-wide overhead (fuel, fencing).
    { key: 'field', header: t('common.field'), render: fieldOf },
    { key: 'crop', header: costT('costs.cropSeason'), render: (c) => cropSeasonOf(c) || '—' },
    { key: 'amount', header: costT('costs.amount'), render: (c) => formatKES(c.amount), className: 'text-right tabular-nums' },
    actionsColumn((c) => (
      <ItemActions
        name={costName(t, costT, c)}
        onEdit={() => setEditing(c)}
        onDelete={() => setRemoving(c)}
        allowed={gate(roleOf(c.farmId), 'manageCosts')}
      />
    )),
  ];

  return (
    <>
      <ListTable
        caption={caption ?? costT('costs.caption')}
        columns={columns}
        result={costs}
        page={page}
        onPage={onPage}
        empty={costT('costs.empty')}
        // A role that may not change costs has nothing to open: the row already shows the entry.
        onRowClick={(c) => can(roleOf(c.farmId), 'manageCosts') && setEditing(c)}
        card={(c) => (
          <CompactRow
            title={costName(t, costT, c)}
            facts={[formatDate(c.date), fieldOf(c), cropSeasonOf(c)]}
            status={<span className="font-semibold text-stone-900 tabular-nums">{formatKES(c.amount)}</span>}
            end={
              <ItemActions name={costName(t, costT, c)} onDelete={() => setRemoving(c)} allowed={gate(roleOf(c.farmId), 'manageCosts')} />
            }
          />
        )}
      />
      {edited && <CostFormDialog cost={edited} onClose={closeEditor} />}
      <ConfirmDelete
        item={removing}
        onClose={() => setRemoving(null)}
        title={costT('costs.delete.title')}
        message={(c) => costT('costs.delete.message', { name: costName(t, costT, c), amount: formatKES(c.amount) })}
        confirmLabel={t('common.delete')}
        busyLabel={t('common.deleting')}
        mutation={remove}
      />
    </>
  );
}
