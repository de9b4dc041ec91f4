import type { Crop } from '@shambasoko/contracts';
import type { DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CompactRow } from '../../components/compact-row';
import { ItemActions } from '../../components/icon-button';
import { FilterBar, ListPage } from '../../components/list-page';
import { actionsColumn } from '../../components/list-table';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { nameOrUnknown } from '../../lib/format';
import { gate } from '../../lib/permissions';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { useListPage } from '../../lib/use-list-page';
import { useDeleteCrop } from './api/delete-crop';
import { useCrops } from './api/get-crops';
import { CropDetailDialog } from './components/crop-detail-dialog';
import { canSellHarvest, SellHarvestButton } from './components/sell-harvest-button';
import { useT } from '../../lib/i18n';
import { useT as usePageT } from '../../lib/i18n-crops';
import { CropFormDialog } from '../../components/dialogs';

/** /crops: filters farm, field, season, crop and user; View, Update and Delete that really work. */
export default function CropsPage() {
  const t = useT();
  const pageT = usePageT();
  const list = useListPage<Crop>();
  const [viewing, setViewing] = useState<Crop | null>(null);
  const remove = useDeleteCrop();
  const { roleOf } = useFarmRoles();
  const crops = useCrops({ ...list.params, search: list.query, page: list.page, pageSize: PAGE_SIZE, sort: 'name' });

  // Harvests, yields and sales live on the crop's own page (issue 42).
  const records = (c: Crop) => (
    <Link
      className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
      to={`/crops/${c.id}`}
      onClick={(e) => e.stopPropagation()}
    >
      {t('routes.cropRecords')}
    </Link>
  );
  const columns: DataTableColumn<Crop>[] = [
    { key: 'farm', header: t('common.farm'), render: (c) => nameOrUnknown(c.farmName) },
    { key: 'field', header: t('common.field'), render: (c) => nameOrUnknown(c.fieldName) },
    { key: 'season', header: t('common.season'), render: (c) => c.seasonName },
    { key: 'crop', header: t('common.crop'), render: (c) => <span className="font-medium text-stone-900">{c.name}</span> },
    { key: 'by', header: t('common.createdBy'), render: (c) => c.createdBy.name },
    { key: 'status', header: t('common.status'), render: (c) => <StatusBadge status={c.status} /> },
    {
      key: 'sell',
      header: t('common.market'),
      render: (c) => <SellHarvestButton crop={c} allowed={gate(roleOf(c.farmId), 'manageCrops')} />,
    },
    { key: 'records', header: t('routes.cropRecords'), render: records },
    actionsColumn((c) => (
      <ItemActions
        name={c.name}
        onView={() => setViewing(c)}
        onEdit={() => list.setEditing(c)}
        editVerb={t('actions.update')}
        onDelete={() => list.setRemoving(c)}
        allowed={gate(roleOf(c.farmId), 'manageCrops')}
      />
    )),
  ];

  return (
    <ListPage
      title={t('routes.farmCrops')}
      subtitle={pageT('crops.subtitle')}
      list={list}
      add={{ label: t('common.addCrop'), action: 'manageCrops', reason: pageT('reason.addCrops') }}
      filters={<FilterBar list={list} levels={['farm', 'field', 'season', 'crop', 'user']} searchLabel={pageT('crops.search')} />}
      table={{
        caption: t('common.crops'),
        columns,
        result: crops,
        empty: t('common.noCrops'),
        onRowClick: setViewing,
        card: (c) => (
          <CompactRow
            title={c.name}
            facts={[nameOrUnknown(c.fieldName), c.seasonName]}
            status={<StatusBadge status={c.status} />}
            actions={
              <div className="flex flex-wrap items-center gap-3">
                {records(c)}
                {canSellHarvest(c) && <SellHarvestButton crop={c} allowed={gate(roleOf(c.farmId), 'manageCrops')} />}
              </div>
            }
          />
        ),
      }}
      editor={(crop, close) => <CropFormDialog open crop={crop} onClose={close} />}
      remove={{
        title: t('common.deleteCrop'),
        message: (c) => pageT('crops.deleteMessage', { name: c.name, field: nameOrUnknown(c.fieldName), farm: nameOrUnknown(c.farmName) }),
        mutation: remove,
      }}
      dialogs={viewing && <CropDetailDialog crop={viewing} onClose={() => setViewing(null)} />}
    />
  );
}
