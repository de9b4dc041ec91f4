import type { Crop, Farm } from '@shambasoko/contracts';
import { Button, Card, StatCard, type DataTableColumn } from '@shambasoko/shared/ui';
import { useRowDialogs } from '../../lib/use-list-page';
import { ItemActions } from '../../components/icon-button';
import { actionsColumn, ConfirmDelete, ListTable } from '../../components/list-table';
import { StatusBadge } from '../../components/status-badge';
import { formatDate, nameOrUnknown } from '../../lib/format';
import { gate } from '../../lib/permissions';
import { useDeleteCrop } from '../../features/crops/api/delete-crop';
import { useCrops } from '../../features/crops/api/get-crops';
import { SellHarvestButton } from '../../features/crops/components/sell-harvest-button';
import { Area } from '../../lib/area';
import { useT } from '../../lib/i18n';
import { useT as usePageT } from '../../lib/i18n-farm-page';
import { CropFormDialog } from '../../components/dialogs';

/** Figures of the four summary cards, from the crops on screen. */
export function cropSummary(crops: readonly Crop[]) {
  const yields = crops.map((c) => c.yieldPerHectare).filter((y): y is number => y !== null);
  return {
    count: crops.length,
    area: crops.reduce((sum, c) => sum + c.area, 0),
    growing: crops.filter((c) => c.status === 'growing').length,
    avgYield: yields.length ? Math.round((yields.reduce((a, b) => a + b, 0) / yields.length) * 10) / 10 : null,
  };
}

/** Crops tab: four summary cards and the crop performance table. */
export function FarmCropsTab({ farm }: { farm: Farm }) {
  const t = useT();
  const tPage = usePageT();
  const crops = useCrops({ farmId: farm.id, pageSize: 100, sort: 'name' });
  const { editing, edited, setEditing, closeEditor, removing, setRemoving } = useRowDialogs<Crop>();
  const remove = useDeleteCrop();
  const manage = gate(farm.myRole, 'manageCrops');
  const items = crops.data?.items ?? [];
  const sum = cropSummary(items);

  const columns: DataTableColumn<Crop>[] = [
    { key: 'crop', header: t('common.crop'), render: (c) => <span className="font-medium text-stone-900">{c.name}</span> },
    { key: 'field', header: t('common.field'), render: (c) => nameOrUnknown(c.fieldName) },
    { key: 'season', header: t('common.season'), render: (c) => c.seasonName },
    { key: 'area', header: t('common.area'), render: (c) => <Area hectares={c.area} />, className: 'tabular-nums' },
    { key: 'planted', header: t('common.plantedDate'), render: (c) => formatDate(c.plantedDate) },
    { key: 'harvest', header: t('common.expectedHarvest'), render: (c) => formatDate(c.expectedHarvest) },
    {
      key: 'yield',
      header: t('common.yieldPerHectare'),
      render: (c) => (c.yieldPerHectare === null ? '—' : t('common.tonnesPerHectare', { value: c.yieldPerHectare })),
      className: 'tabular-nums',
    },
    { key: 'status', header: t('common.status'), render: (c) => <StatusBadge status={c.status} /> },
    { key: 'sell', header: t('common.market'), render: (c) => <SellHarvestButton crop={c} allowed={manage} /> },
    actionsColumn((c) => (
      <ItemActions
        name={c.name}
        onEdit={() => setEditing(c)}
        editVerb={t('actions.update')}
        onDelete={() => setRemoving(c)}
        allowed={manage}
      />
    )),
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={tPage('farm.crops.planted')} value={sum.count} />
        <StatCard label={tPage('farm.crops.totalArea')} value={<Area hectares={sum.area} />} />
        <StatCard label={tPage('farm.crops.growing')} value={sum.growing} />
        <StatCard
          label={tPage('farm.crops.averageYield')}
          value={sum.avgYield === null ? '—' : t('common.tonnesPerHectare', { value: sum.avgYield })}
        />
      </div>
      <Card
        title={tPage('farm.crops.performance')}
        flush
        actions={
          <Button size="sm" onClick={() => setEditing('new')} {...manage}>
            {t('common.addCrop')}
          </Button>
        }
      >
        <ListTable caption={tPage('farm.crops.caption')} columns={columns} result={crops} empty={t('common.noCrops')} />
      </Card>
      {editing && <CropFormDialog open farmId={farm.id} crop={edited} onClose={closeEditor} />}
      <ConfirmDelete
        item={removing}
        onClose={() => setRemoving(null)}
        title={t('common.deleteCrop')}
        message={(c) => tPage('farm.crops.deleteMessage', { name: c.name, field: nameOrUnknown(c.fieldName) })}
        mutation={remove}
      />
    </div>
  );
}
