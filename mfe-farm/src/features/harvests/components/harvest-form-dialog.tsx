import type { CreateHarvestInput } from '@shambasoko/contracts';
import { HARVEST_DESTINATIONS, createHarvestBody } from '@shambasoko/contracts';
import { RecordFormDialog, dateField, quantityFields } from '../../../components/record-form-dialog';
import { todayISO } from '../../../lib/format';
import { useT } from '../../../lib/i18n-records';
import { useCreateHarvest } from '../api/create-harvest';

/** Record a harvest: the date, how much in which unit (a crate's weight), its grade and where it went. */
export function HarvestFormDialog({ cropId, farmId, onClose }: { cropId: string; farmId: string; onClose: () => void }) {
  const t = useT();
  return (
    <RecordFormDialog<keyof CreateHarvestInput & string, CreateHarvestInput>
      title={t('harvests.addTitle')}
      submitLabel={t('harvests.add')}
      schema={createHarvestBody}
      mutation={useCreateHarvest(cropId, farmId)}
      onClose={onClose}
      fields={[
        dateField(t),
        ...quantityFields(t),
        { kind: 'number', name: 'kgPerUnit', label: t('harvests.kgPerUnit'), hint: t('harvests.kgPerUnitHint'), step: 'any' },
        {
          kind: 'select',
          name: 'destination',
          label: t('harvests.destination'),
          required: true,
          options: HARVEST_DESTINATIONS.map((d) => ({ value: d, label: t(`destination.${d}`) })),
        },
        { kind: 'text', name: 'grade', label: t('harvests.grade') },
        { kind: 'text', name: 'notes', label: t('harvests.notes') },
      ]}
      defaultValues={{ date: todayISO(), quantity: '', unit: 'bag_90kg', kgPerUnit: '', grade: '', destination: 'stored', notes: '' }}
    />
  );
}
