import type { Crop } from '@shambasoko/shared';
import { Button, Card, ConfirmDialog, DataTable, EmptyState, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { IconButton, RowActions } from '../../components/icon-button';
import { EditIcon, EyeIcon, TrashIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { errorMessage, nameOrUnknown } from '../../lib/format';
import { can, gate } from '../../lib/permissions';
import { useDebounced } from '../../lib/use-debounced';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { CascadingSelects } from '../../lib/filters/cascading-selects';
import { asParam, useFilterState } from '../../lib/filters/filter-state';
import { useDeleteCrop } from './api/delete-crop';
import { useCrops } from './api/get-crops';
import { CropDetailDialog } from './components/crop-detail-dialog';
import { CropFormDialog } from './components/crop-form-dialog';

/** /crops: filters farm, field, season, crop and user; View, Update and Delete that really work. */
export default function CropsPage() {
  const filter = useFilterState();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<Crop | null>(null);
  const [editing, setEditing] = useState<Crop | 'new' | null>(null);
  const [removing, setRemoving] = useState<Crop | null>(null);
  const remove = useDeleteCrop();
  const { roleOf, roles } = useFarmRoles();
  const q = useDebounced(search.trim());
  const v = filter.value;
  const crops = useCrops({
    farmId: asParam(v.farmId), fieldId: asParam(v.fieldId), seasonId: asParam(v.seasonId), cropId: asParam(v.cropId),
    userId: asParam(v.userId), search: q || undefined, page, pageSize: PAGE_SIZE, sort: 'name',
  });

  const columns: DataTableColumn<Crop>[] = [
    { key: 'farm', header: 'Farm', render: (c) => nameOrUnknown(c.farmName) },
    { key: 'field', header: 'Field', render: (c) => nameOrUnknown(c.fieldName) },
    { key: 'season', header: 'Season', render: (c) => c.seasonName },
    { key: 'crop', header: 'Crop', render: (c) => <span className="font-medium text-stone-900">{c.name}</span> },
    { key: 'by', header: 'Created By', render: (c) => c.createdBy.name },
    { key: 'status', header: 'Status', render: (c) => <StatusBadge status={c.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) => {
        const allowed = gate(roleOf(c.farmId), 'manageCrops');
        return (
          <RowActions>
            <IconButton label={`View ${c.name}`} icon={<EyeIcon />} onClick={() => setViewing(c)} />
            <IconButton label={`Update ${c.name}`} icon={<EditIcon />} onClick={() => setEditing(c)} {...allowed} />
            <IconButton label={`Delete ${c.name}`} tone="danger" icon={<TrashIcon />} onClick={() => setRemoving(c)} {...allowed} />
          </RowActions>
        );
      },
    },
  ];
  const canAdd = roles.some((r) => can(r, 'manageCrops'));

  return (
    <Page
      title="Farm Crops"
      subtitle="Crops planted across your fields and seasons."
      actions={<Button onClick={() => setEditing('new')} disabled={!canAdd} title={canAdd ? undefined : 'You have no farm where your role can add crops.'}>Add Crop</Button>}
    >
      <Card flush>
        <div className="border-b border-stone-200 p-4">
          <CascadingSelects levels={['farm', 'field', 'season', 'crop', 'user']} value={v} onChange={(next) => { filter.setValue(next); setPage(1); }}>
            <SearchBox label="Search Crops" value={search} onChange={(s) => { setSearch(s); setPage(1); }} className="self-end" />
          </CascadingSelects>
        </div>
        <DataTable
          caption="Crops"
          columns={columns}
          rows={crops.data?.items ?? []}
          rowKey="id"
          loading={crops.isPending}
          error={crops.isError ? errorMessage(crops.error) : null}
          onRetry={() => void crops.refetch()}
          empty={<EmptyState title="No crops found." />}
          className="p-3 sm:p-0"
        />
        {crops.data && <Pager page={page} pageSize={PAGE_SIZE} total={crops.data.total} capped={crops.data.totalCapped} onPage={setPage} />}
      </Card>
      {viewing && <CropDetailDialog crop={viewing} onClose={() => setViewing(null)} />}
      {editing && <CropFormDialog open crop={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Delete Crop"
        message={removing ? `Are you sure you want to delete ${removing.name} on ${nameOrUnknown(removing.fieldName)} at ${nameOrUnknown(removing.farmName)}?` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        danger
        onConfirm={() => (removing ? remove.mutateAsync(removing.id) : undefined)}
      />
    </Page>
  );
}
