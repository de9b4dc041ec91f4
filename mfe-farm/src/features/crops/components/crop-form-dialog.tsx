import type { Crop } from '@shambasoko/contracts';
import { createCropBody, updateCropBody, type CreateCropInput } from '@shambasoko/contracts';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { FormDialog } from '../../../components/form-dialog';
import { CROP_STATUSES, options } from '../../../lib/constants';
import { enteredHectares, fromHectares, todayISO } from '../../../lib/format';
import { statusLabel, unitName, useT } from '../../../lib/i18n';
import { useT as useFormT } from '../../../lib/i18n-forms';
import { useAreaUnit } from '../../../lib/area';
import { editorOf } from '../../../lib/editor';
import { inOrder, picked, useContractForm } from '../../../lib/form';
import { FormSelects } from '../../../lib/filters/form-selects';
import { useCreateCrop } from '../api/create-crop';
import { useUpdateCrop } from '../api/update-crop';

type Values = {
  farmId: string;
  fieldId: string;
  seasonId: string;
  name: string;
  area: string;
  plantedDate: string;
  expectedHarvest: string;
  yieldPerHectare: string;
  status: string;
};

const harvestAfterPlanting = inOrder('plantedDate', 'expectedHarvest', 'must be on or after the planted date');
const where = { fieldId: picked(), seasonId: picked() };
const addSchema = createCropBody.extend({ farmId: picked(), ...where }).superRefine(harvestAfterPlanting);
const editSchema = updateCropBody.extend(where).superRefine(harvestAfterPlanting);

export type CropFormDialogProps = { open: boolean; onClose: () => void; farmId?: string; fieldId?: string; crop?: Crop };

/** Add Crop / Update Crop: a planting of a crop on a field in a season. */
export function CropFormDialog({ open, onClose, farmId, fieldId, crop }: CropFormDialogProps) {
  const t = useT();
  const formT = useFormT();
  const unit = useAreaUnit();
  const form = useContractForm<Values, CreateCropInput>({
    schema: crop ? editSchema : addSchema,
    labels: {
      name: formT('crops.form.nameError'),
      area: t('common.area'),
      plantedDate: formT('crops.form.plantedError'),
      expectedHarvest: formT('crops.form.harvestError'),
      yieldPerHectare: formT('crops.form.yieldError'),
    },
    numbers: ['area', 'yieldPerHectare'],
    // A cleared yield is sent as null, so an update removes it.
    nullable: ['yieldPerHectare'],
    defaultValues: {
      farmId: crop?.farmId ?? farmId ?? '',
      fieldId: crop?.fieldId ?? fieldId ?? '',
      seasonId: crop?.seasonId ?? '',
      name: crop?.name ?? '',
      area: crop ? String(fromHectares(crop.area, unit)) : '',
      plantedDate: crop?.plantedDate ?? todayISO(),
      expectedHarvest: crop?.expectedHarvest ?? '',
      yieldPerHectare: crop?.yieldPerHectare === null || crop?.yieldPerHectare === undefined ? '' : String(crop.yieldPerHectare),
      status: crop?.status ?? 'planned',
    },
  });
  const { dialog, save } = editorOf(crop, useCreateCrop(), useUpdateCrop(), onClose);
  const submit = form.handleSubmit(({ farmId: chosen, ...entered }) => {
    const body = { ...entered, area: enteredHectares(entered.area, unit, crop?.area) };
    save({ farmId: chosen, ...body }, (c) => ({ id: c.id, input: body }));
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      {...dialog({ title: t('common.addCrop'), submit: t('common.addCrop') }, formT('crops.form.update'))}
      onSubmit={submit}
      size="lg"
    >
      <FormSelects
        idPrefix="crop-form"
        levels={['farm', 'field', 'season']}
        required={['farm', 'field', 'season']}
        locked={crop || farmId ? ['farm'] : []}
        action="manageCrops"
        columnsClassName="sm:grid-cols-3"
        form={form}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('common.crop')} required {...form.field('name')} placeholder={formT('fields.form.cropPlaceholder')} />
        <TextField
          label={formT('crops.form.area', { unit: unitName(unit) })}
          required
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          {...form.field('area')}
        />
        <TextField label={t('common.plantedDate')} required type="date" {...form.field('plantedDate')} />
        <TextField label={t('common.expectedHarvest')} required type="date" {...form.field('expectedHarvest')} />
        <TextField
          label={formT('crops.form.yield')}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.1"
          {...form.field('yieldPerHectare')}
        />
        <SelectField label={t('common.status')} {...form.field('status')} options={options(CROP_STATUSES, statusLabel)} />
      </div>
    </FormDialog>
  );
}
