import type { CreateHarvestInput } from '@shambasoko/contracts';
import { HARVEST_DESTINATIONS, HARVEST_UNITS, createHarvestBody } from '@shambasoko/contracts';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { FormDialog } from '../../../components/form-dialog';
import { todayISO } from '../../../lib/format';
import { useContractForm } from '../../../lib/form';
import { useT } from '../../../lib/i18n-records';
import { useCreateHarvest } from '../api/create-harvest';

type Values = { date: string; quantity: string; unit: string; kgPerUnit: string; grade: string; destination: string; notes: string };

/** Record a harvest: the date, how much in which unit (a crate's weight), its grade and where it went. */
export function HarvestFormDialog({ cropId, farmId, onClose }: { cropId: string; farmId: string; onClose: () => void }) {
  const t = useT();
  const create = useCreateHarvest(cropId, farmId);
  const form = useContractForm<Values, CreateHarvestInput>({
    schema: createHarvestBody,
    labels: {
      date: t('harvests.date'),
      quantity: t('harvests.quantity'),
      unit: t('harvests.unit'),
      kgPerUnit: t('harvests.kgPerUnit'),
      grade: t('harvests.grade'),
      destination: t('harvests.destination'),
      notes: t('harvests.notes'),
    },
    numbers: ['quantity', 'kgPerUnit'],
    defaultValues: { date: todayISO(), quantity: '', unit: 'bag_90kg', kgPerUnit: '', grade: '', destination: 'stored', notes: '' },
  });
  const submit = form.handleSubmit((body) => create.mutate(body, { onSuccess: onClose }));
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('harvests.addTitle')}
      submitLabel={t('harvests.add')}
      mutation={create}
      onSubmit={() => void submit()}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('harvests.date')} required type="date" {...form.field('date')} />
        <TextField
          label={t('harvests.quantity')}
          required
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          {...form.field('quantity')}
        />
        <SelectField
          label={t('harvests.unit')}
          required
          {...form.field('unit')}
          options={HARVEST_UNITS.map((u) => ({ value: u, label: t(`unit.${u}`) }))}
        />
        <TextField
          label={t('harvests.kgPerUnit')}
          hint={t('harvests.kgPerUnitHint')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          {...form.field('kgPerUnit')}
        />
        <SelectField
          label={t('harvests.destination')}
          required
          {...form.field('destination')}
          options={HARVEST_DESTINATIONS.map((d) => ({ value: d, label: t(`destination.${d}`) }))}
        />
        <TextField label={t('harvests.grade')} {...form.field('grade')} />
        <TextField label={t('harvests.notes')} {...form.field('notes')} />
      </div>
    </FormDialog>
  );
}
