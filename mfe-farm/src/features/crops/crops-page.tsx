import type { Crop } from '@shambasoko/shared';
import type { DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { CompactRow } from '../../components/compact-row';
import { ItemActions } from '../../components/icon-button';
import { actionsColumn, FilterBar, ListPage } from '../../components/list-page';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { nameOrUnknown } from '../../lib/format';
import { gate } from '../../lib/permissions';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { useListPage } from '../../lib/use-list-page';
import { useDeleteCrop } from './api/delete-crop';
import { useCrops } from './api/get-crops';
import { CropDetailDialog } from './components/crop-detail-dialog';
import { CropFormDialog } from './components/crop-form-dialog';
import { SellHarvestButton } from './components/sell-harvest-dialog';

/** /crops: filters farm, field, season, crop and user; View, Update and Delete that really work. */
export default function CropsPage() {
  const list = useListPage<Crop>();
  const [viewing, setViewing] = useState<Crop | null>(null);
  const remove = useDeleteCrop();
  const { roleOf } = useFarmRoles();
  const crops = useCrops({ ...list.params, search: list.query, page: list.page, pageSize: PAGE_SIZE, sort: 'name' });

  const columns: DataTableColumn<Crop>[] = [
    { key: 'farm', header: 'Farm', render: (c) => nameOrUnknown(c.farmName) },
    { key: 'field', header: 'Field', render: (c) => nameOrUnknown(c.fieldName) },
    { key: 'season', header: 'Season', render: (c) => c.seasonName },
    { key: 'crop', header: 'Crop', render: (c) => <span className="font-medium text-stone-900">{c.name}</span> },
    { key: 'by', header: 'Created By', render: (c) => c.createdBy.name },
    { key: 'status', header: 'Status', render: (c) => <StatusBadge status={c.status} /> },
    { key: 'sell', header: 'Market', render: (c) => <SellHarvestButton crop={c} allowed={gate(roleOf(c.farmId), 'manageCrops')} /> },
    actionsColumn((c) => (
      <ItemActions
        name={c.name}
        onView={() => setViewing(c)}
        onEdit={() => list.setEditing(c)}
        editVerb="Update"
        onDelete={() => list.setRemoving(c)}
        allowed={gate(roleOf(c.farmId), 'manageCrops')}
      />
    )),
  ];

  return (
    <ListPage
      title="Farm Crops"
      subtitle="Crops planted across your fields and seasons."
      list={list}
      add={{ label: 'Add Crop', action: 'manageCrops', reason: 'You have no farm where your role can add crops.' }}
      filters={<FilterBar list={list} levels={['farm', 'field', 'season', 'crop', 'user']} searchLabel="Search Crops" />}
      table={{
        caption: 'Crops',
        columns,
        result: crops,
        empty: 'No crops found.',
        onRowClick: setViewing,
        card: (c) => (
          <CompactRow title={c.name} facts={[nameOrUnknown(c.fieldName), c.seasonName]} status={<StatusBadge status={c.status} />} />
        ),
      }}
      editor={(crop, close) => <CropFormDialog open crop={crop} onClose={close} />}
      remove={{
        title: 'Delete Crop',
        message: (c) => `Are you sure you want to delete ${c.name} on ${nameOrUnknown(c.fieldName)} at ${nameOrUnknown(c.farmName)}?`,
        mutation: remove,
      }}
      dialogs={viewing && <CropDetailDialog crop={viewing} onClose={() => setViewing(null)} />}
    />
  );
}
