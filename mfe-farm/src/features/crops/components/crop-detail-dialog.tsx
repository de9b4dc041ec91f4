import type { ReactNode } from 'react';
import type { Crop } from '@shambasoko/contracts';
import { Button, Dialog } from '@shambasoko/shared/ui';
import { DetailList } from '../../../components/detail-list';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, nameOrUnknown } from '../../../lib/format';
import { Area } from '../../../lib/area';
import { useT } from '../../../lib/i18n';

/** The crop's details (the View action). */
export function CropDetailDialog({ crop, onClose }: { crop: Crop; onClose: () => void }) {
  const t = useT();
  const rows: Array<[string, ReactNode]> = [
    [t('common.farm'), nameOrUnknown(crop.farmName)],
    [t('common.field'), nameOrUnknown(crop.fieldName)],
    [t('common.season'), crop.seasonName],
    [t('common.area'), <Area key="area" hectares={crop.area} />],
    [t('common.plantedDate'), formatDate(crop.plantedDate)],
    [t('common.expectedHarvest'), formatDate(crop.expectedHarvest)],
    [t('common.yieldPerHectare'), crop.yieldPerHectare === null ? '—' : t('common.tonnesPerHectare', { value: crop.yieldPerHectare })],
    [t('common.createdBy'), crop.createdBy.name],
    [t('common.status'), <StatusBadge key="s" status={crop.status} />],
  ];
  return (
    <Dialog
      open
      onClose={onClose}
      title={crop.name}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <DetailList rows={rows} />
    </Dialog>
  );
}
