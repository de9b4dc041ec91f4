import type { Crop } from '@shambasoko/contracts';
import { Button } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { SellHarvestDialog } from '../../../components/dialogs';
import { useT } from '../../../lib/i18n';
import type { gate } from '../../../lib/permissions';

/** A crop whose harvest is still to come can be pre-sold. */
export const canSellHarvest = (crop: Pick<Crop, 'status'>) => crop.status === 'planned' || crop.status === 'growing';

/** The row button and its dialog, for the crops page and the field page. */
export function SellHarvestButton({ crop, allowed }: { crop: Crop; allowed: ReturnType<typeof gate> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!canSellHarvest(crop)) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={t('sell.buttonLabel', { crop: crop.name })}
        {...allowed}
      >
        {t('sell.button')}
      </Button>
      {open && <SellHarvestDialog crop={crop} onClose={() => setOpen(false)} />}
    </>
  );
}
