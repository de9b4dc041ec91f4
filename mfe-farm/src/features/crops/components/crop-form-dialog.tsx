import type { Crop, CropStatus } from '@shambasoko/shared';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { CROP_STATUSES, options } from '../../../lib/constants';
import { capitalise, todayISO } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { parseNumber } from '../../../lib/validate';
import { FormSelects } from '../../../lib/filters/form-selects';
import { NO_CHOICE, type FilterValue } from '../../../lib/filters/filter-state';
import { useCreateCrop } from '../api/create-crop';
import { useUpdateCrop } from '../api/update-crop';

type Values = { name: string; area: string; plantedDate: string; expectedHarvest: string; yieldPerHectare: string; status: CropStatus };
type Key = keyof Values | 'farm' | 'field' | 'season';

export type CropFormDialogProps = { open: boolean; onClose: () => void; farmId?: string; fieldId?: string; crop?: Crop };

/** Add Crop / Update Crop: a planting of a crop on a field in a season. */
export function CropFormDialog({ open, onClose, farmId, fieldId, crop }: CropFormDialogProps) {
  const [where, setWhere] = useState<FilterValue>({
    ...NO_CHOICE,
    farmId: crop?.farmId ?? farmId ?? '',
    fieldId: crop?.fieldId ?? fieldId ?? '',
    seasonId: crop?.seasonId ?? '',
  });
  const form = useForm<Values, Key>({
    defaultValues: {
      name: crop?.name ?? '',
      area: crop ? String(crop.area) : '',
      plantedDate: crop?.plantedDate ?? todayISO(),
      expectedHarvest: crop?.expectedHarvest ?? '',
      yieldPerHectare: crop?.yieldPerHectare === null || crop?.yieldPerHectare === undefined ? '' : String(crop.yieldPerHectare),
      status: crop?.status ?? 'planned',
    },
    required: { name: 'Crop name', area: 'Area', plantedDate: 'Planted date', expectedHarvest: 'Expected harvest' },
    validate: (v, found) => {
      const area = parseNumber(v.area);
      const yieldText = v.yieldPerHectare.trim();
      const yieldValue = yieldText ? parseNumber(yieldText) : null;
      return {
        farm: where.farmId ? undefined : 'Farm is required.',
        field: where.fieldId ? undefined : 'Field is required.',
        season: where.seasonId ? undefined : 'Season is required.',
        area: !found.area && (area === null || area <= 0) ? 'Area must be a number above 0.' : found.area,
        yieldPerHectare: yieldText && (yieldValue === null || yieldValue < 0) ? 'Yield must be a number of 0 or more.' : undefined,
        expectedHarvest:
          !found.expectedHarvest && !found.plantedDate && v.expectedHarvest < v.plantedDate
            ? 'Expected harvest must be on or after the planted date.'
            : found.expectedHarvest,
      };
    },
  });
  const create = useCreateCrop();
  const update = useUpdateCrop();
  const mutation = crop ? update : create;

  const submit = form.handleSubmit((values) => {
    const yieldText = values.yieldPerHectare.trim();
    const body = {
      fieldId: where.fieldId,
      seasonId: where.seasonId,
      name: values.name.trim(),
      area: parseNumber(values.area) ?? 0,
      plantedDate: values.plantedDate,
      expectedHarvest: values.expectedHarvest,
      yieldPerHectare: yieldText ? parseNumber(yieldText) : null,
      status: values.status,
    };
    const done = { onSuccess: () => { mutation.reset(); onClose(); } };
    if (crop) update.mutate({ id: crop.id, input: body }, done);
    else create.mutate({ farmId: where.farmId, ...body }, done);
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={crop ? 'Update Crop' : 'Add Crop'}
      submitLabel={crop ? 'Save Changes' : 'Add Crop'}
      mutation={mutation}
      onSubmit={submit}
      size="lg"
    >
      <FormSelects
        idPrefix="crop-form"
        levels={['farm', 'field', 'season']}
        required={['farm', 'field', 'season']}
        value={where}
        onChange={setWhere}
        locked={crop || farmId ? ['farm'] : []}
        action="manageCrops"
        columnsClassName="sm:grid-cols-3"
        form={form}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Crop" required {...form.field('name')} placeholder="e.g. Maize" />
        <TextField label="Area (hectares)" required type="number" inputMode="decimal" min={0} step="0.01" {...form.field('area')} />
        <TextField label="Planted Date" required type="date" {...form.field('plantedDate')} />
        <TextField label="Expected Harvest" required type="date" {...form.field('expectedHarvest')} />
        <TextField label="Yield per Hectare (tonnes)" type="number" inputMode="decimal" min={0} step="0.1" {...form.field('yieldPerHectare')} />
        <SelectField label="Status" {...form.field('status')} options={options(CROP_STATUSES, capitalise)} />
      </div>
    </FormDialog>
  );
}
