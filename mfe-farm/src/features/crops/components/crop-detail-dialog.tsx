import type { ReactNode } from 'react';
import type { Crop } from '@shambasoko/shared';
import { Button, Dialog } from '@shambasoko/shared/ui';
import { DetailList } from '../../../components/detail-list';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, nameOrUnknown } from '../../../lib/format';
import { Area } from '../../../lib/area';

/** The crop's details (the View action). */
export function CropDetailDialog({ crop, onClose }: { crop: Crop; onClose: () => void }) {
  const rows: Array<[string, ReactNode]> = [
    ['Farm', nameOrUnknown(crop.farmName)],
    ['Field', nameOrUnknown(crop.fieldName)],
    ['Season', crop.seasonName],
    ['Area', <Area key="area" hectares={crop.area} />],
    ['Planted Date', formatDate(crop.plantedDate)],
    ['Expected Harvest', formatDate(crop.expectedHarvest)],
    ['Yield per Hectare', crop.yieldPerHectare === null ? '—' : `${crop.yieldPerHectare} t/ha`],
    ['Created By', crop.createdBy.name],
    ['Status', <StatusBadge key="s" status={crop.status} />],
  ];
  return (
    <Dialog
      open
      onClose={onClose}
      title={crop.name}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <DetailList rows={rows} />
    </Dialog>
  );
}
