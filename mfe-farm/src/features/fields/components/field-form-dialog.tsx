import type { Field, FieldStatus, FieldUnit } from '@shambasoko/shared';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { FIELD_STATUSES, FIELD_UNITS, options } from '../../../lib/constants';
import { capitalise, todayISO } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { parseNumber } from '../../../lib/validate';
import { FormSelects } from '../../../lib/filters/form-selects';
import { NO_CHOICE, type FilterValue } from '../../../lib/filters/filter-state';
import { useCreateField } from '../api/create-field';
import { useUpdateField } from '../api/update-field';

type Values = { name: string; size: string; unit: FieldUnit; cropType: string; plantingDate: string; status: FieldStatus; location: string };
type Key = keyof Values | 'farm';

const fromField = (f?: Field): Values => ({
  name: f?.name ?? '',
  size: f ? String(f.size) : '',
  unit: f?.unit ?? 'hectares',
  cropType: f?.cropType ?? '',
  plantingDate: f?.plantingDate ?? todayISO(),
  status: f?.status ?? 'planted',
  location: f?.location ?? '',
});

export type FieldFormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The farm the field goes on; without it the dialog asks for one. */
  farmId?: string;
  /** Edit this field instead of adding one. */
  field?: Field;
  onSaved?: (field: Field) => void;
};

/** Add New Field / Edit Field (spec section 5): name, size and crop type required; hectares and today by default. */
export function FieldFormDialog({ open, onClose, farmId, field, onSaved }: FieldFormDialogProps) {
  const [farm, setFarm] = useState<FilterValue>({ ...NO_CHOICE, farmId: farmId ?? '' });
  const form = useForm<Values, Key>({
    defaultValues: () => fromField(field),
    required: { name: 'Field name', size: 'Size', cropType: 'Crop type' },
    validate: (v, found) => {
      const size = parseNumber(v.size);
      return {
        farm: !field && !farm.farmId ? 'Farm is required.' : undefined,
        size: !found.size && (size === null || size <= 0) ? 'Size must be a number above 0.' : found.size,
      };
    },
  });
  const create = useCreateField();
  const update = useUpdateField();
  const mutation = field ? update : create;

  const submit = form.handleSubmit((values) => {
    const input = {
      name: values.name.trim(),
      size: parseNumber(values.size) ?? 0,
      unit: values.unit,
      cropType: values.cropType.trim(),
      plantingDate: values.plantingDate || undefined,
      ...(field ? { status: values.status, location: values.location.trim() } : {}),
    };
    const done = {
      onSuccess: (saved: Field) => {
        if (!field) form.reset(fromField());
        mutation.reset();
        onSaved?.(saved);
        onClose();
      },
    };
    if (field) update.mutate({ fieldId: field.id, input }, done);
    else create.mutate({ farmId: farm.farmId, input }, done);
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={field ? 'Edit Field' : 'Add New Field'}
      submitLabel={field ? 'Save Changes' : 'Add Field'}
      mutation={mutation}
      onSubmit={submit}
    >
      {!field && (
        <FormSelects
          idPrefix="field-form"
          levels={['farm']}
          value={farm}
          onChange={setFarm}
          locked={farmId ? ['farm'] : []}
          action="manageFields"
          form={form}
          columnsClassName=""
        />
      )}
      <TextField label="Field Name" required {...form.field('name')} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Size" required type="number" inputMode="decimal" min={0} step="0.01" {...form.field('size')} />
        <SelectField label="Unit" {...form.field('unit')} options={options(FIELD_UNITS, capitalise)} />
      </div>
      <TextField label="Crop Type" required {...form.field('cropType')} placeholder="e.g. Maize" />
      <TextField label="Planting Date" type="date" {...form.field('plantingDate')} />
      {field && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Status" {...form.field('status')} options={options(FIELD_STATUSES, capitalise)} />
          <TextField label="Location" {...form.field('location')} />
        </div>
      )}
    </FormDialog>
  );
}
