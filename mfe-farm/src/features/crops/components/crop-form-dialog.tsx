import type { Crop, CropStatus } from '@shambasoko/shared';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { CROP_STATUSES, options } from '../../../lib/constants';
import { capitalise, errorMessage, todayISO } from '../../../lib/format';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { hasErrors, parseNumber, requireFields, type FieldErrors } from '../../../lib/validate';
import { CascadingSelects } from '../../../lib/filters/cascading-selects';
import { NO_CHOICE, type FilterValue } from '../../../lib/filters/filter-state';
import { useCreateCrop } from '../api/create-crop';
import { useUpdateCrop } from '../api/update-crop';

type Values = { name: string; area: string; plantedDate: string; expectedHarvest: string; yieldPerHectare: string; status: CropStatus };
type Key = keyof Values | 'farm' | 'field' | 'season';

export type CropFormDialogProps = { open: boolean; onClose: () => void; farmId?: string; fieldId?: string; crop?: Crop };

/** Add Crop / Update Crop: a planting of a crop on a field in a season. */
export function CropFormDialog({ open, onClose, farmId, fieldId, crop }: CropFormDialogProps) {
  const [values, setValues] = useState<Values>({
    name: crop?.name ?? '',
    area: crop ? String(crop.area) : '',
    plantedDate: crop?.plantedDate ?? todayISO(),
    expectedHarvest: crop?.expectedHarvest ?? '',
    yieldPerHectare: crop?.yieldPerHectare === null || crop?.yieldPerHectare === undefined ? '' : String(crop.yieldPerHectare),
    status: crop?.status ?? 'planned',
  });
  const [where, setWhere] = useState<FilterValue>({
    ...NO_CHOICE,
    farmId: crop?.farmId ?? farmId ?? '',
    fieldId: crop?.fieldId ?? fieldId ?? '',
    seasonId: crop?.seasonId ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const create = useCreateCrop();
  const update = useUpdateCrop();
  const mutation = crop ? update : create;
  const { cannot } = useFarmRoles();
  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };

  function submit() {
    const found: FieldErrors<Key> = requireFields(values, {
      name: 'Crop name', area: 'Area', plantedDate: 'Planted date', expectedHarvest: 'Expected harvest',
    });
    if (!where.farmId) found.farm = 'Farm is required.';
    if (!where.fieldId) found.field = 'Field is required.';
    if (!where.seasonId) found.season = 'Season is required.';
    const area = parseNumber(values.area);
    if (!found.area && (area === null || area <= 0)) found.area = 'Area must be a number above 0.';
    const yieldText = values.yieldPerHectare.trim();
    const yieldValue = yieldText ? parseNumber(yieldText) : null;
    if (yieldText && (yieldValue === null || yieldValue < 0)) found.yieldPerHectare = 'Yield must be a number of 0 or more.';
    if (!found.expectedHarvest && !found.plantedDate && values.expectedHarvest < values.plantedDate) {
      found.expectedHarvest = 'Expected harvest must be on or after the planted date.';
    }
    setErrors(found);
    if (hasErrors(found) || area === null) return;
    const body = {
      fieldId: where.fieldId,
      seasonId: where.seasonId,
      name: values.name.trim(),
      area,
      plantedDate: values.plantedDate,
      expectedHarvest: values.expectedHarvest,
      yieldPerHectare: yieldValue,
      status: values.status,
    };
    const done = { onSuccess: () => { mutation.reset(); onClose(); } };
    if (crop) update.mutate({ id: crop.id, input: body }, done);
    else create.mutate({ farmId: where.farmId, ...body }, done);
  }

  return (
    <FormDialog
      open={open}
      onClose={() => { mutation.reset(); onClose(); }}
      title={crop ? 'Update Crop' : 'Add Crop'}
      submitLabel={crop ? 'Save Changes' : 'Add Crop'}
      busyLabel="Saving..."
      busy={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error) : null}
      onSubmit={submit}
      size="lg"
    >
      <CascadingSelects
        idPrefix="crop-form"
        levels={['farm', 'field', 'season']}
        mode="form"
        required={['farm', 'field', 'season']}
        value={where}
        onChange={(v) => { setWhere(v); setErrors((er) => ({ ...er, farm: undefined, field: undefined, season: undefined })); }}
        locked={crop || farmId ? ['farm'] : []}
        errors={{ farm: errors.farm, field: errors.field, season: errors.season }}
        farmDisabled={(id) => cannot(id, 'manageCrops')}
        columnsClassName="sm:grid-cols-3"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Crop" required value={values.name} onChange={set('name')} error={errors.name} placeholder="e.g. Maize" />
        <TextField label="Area (hectares)" required type="number" inputMode="decimal" min={0} step="0.01" value={values.area} onChange={set('area')} error={errors.area} />
        <TextField label="Planted Date" required type="date" value={values.plantedDate} onChange={set('plantedDate')} error={errors.plantedDate} />
        <TextField label="Expected Harvest" required type="date" value={values.expectedHarvest} onChange={set('expectedHarvest')} error={errors.expectedHarvest} />
        <TextField label="Yield per Hectare (tonnes)" type="number" inputMode="decimal" min={0} step="0.1" value={values.yieldPerHectare} onChange={set('yieldPerHectare')} error={errors.yieldPerHectare} />
        <SelectField label="Status" value={values.status} onChange={set('status')} options={options(CROP_STATUSES, capitalise)} />
      </div>
    </FormDialog>
  );
}
