import type { Field, FieldStatus, FieldUnit } from '@shambasoko/shared';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { FIELD_STATUSES, FIELD_UNITS, options } from '../../../lib/constants';
import { capitalise, errorMessage, todayISO } from '../../../lib/format';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { hasErrors, parseNumber, requireFields, type FieldErrors } from '../../../lib/validate';
import { CascadingSelects } from '../../../lib/filters/cascading-selects';
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
  const [values, setValues] = useState<Values>(() => fromField(field));
  const [farm, setFarm] = useState<FilterValue>({ ...NO_CHOICE, farmId: farmId ?? '' });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const create = useCreateField();
  const update = useUpdateField();
  const mutation = field ? update : create;
  const { cannot } = useFarmRoles();
  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };

  function submit() {
    const found: FieldErrors<Key> = requireFields(values, { name: 'Field name', size: 'Size', cropType: 'Crop type' });
    if (!field && !farm.farmId) found.farm = 'Farm is required.';
    const size = parseNumber(values.size);
    if (!found.size && (size === null || size <= 0)) found.size = 'Size must be a number above 0.';
    setErrors(found);
    if (hasErrors(found) || size === null) return;
    const input = {
      name: values.name.trim(),
      size,
      unit: values.unit,
      cropType: values.cropType.trim(),
      plantingDate: values.plantingDate || undefined,
      ...(field ? { status: values.status, location: values.location.trim() } : {}),
    };
    const done = {
      onSuccess: (saved: Field) => {
        if (!field) setValues(fromField());
        mutation.reset();
        onSaved?.(saved);
        onClose();
      },
    };
    if (field) update.mutate({ fieldId: field.id, input }, done);
    else create.mutate({ farmId: farm.farmId, input }, done);
  }

  return (
    <FormDialog
      open={open}
      onClose={() => {
        mutation.reset();
        onClose();
      }}
      title={field ? 'Edit Field' : 'Add New Field'}
      submitLabel={field ? 'Save Changes' : 'Add Field'}
      busyLabel="Saving..."
      busy={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error) : null}
      onSubmit={submit}
    >
      {!field && (
        <CascadingSelects
          idPrefix="field-form"
          levels={['farm']}
          mode="form"
          required={['farm']}
          value={farm}
          onChange={(v) => {
            setFarm(v);
            setErrors((er) => ({ ...er, farm: undefined }));
          }}
          locked={farmId ? ['farm'] : []}
          errors={{ farm: errors.farm }}
          farmDisabled={(id) => cannot(id, 'manageFields')}
          columnsClassName=""
        />
      )}
      <TextField label="Field Name" required value={values.name} onChange={set('name')} error={errors.name} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Size" required type="number" inputMode="decimal" min={0} step="0.01" value={values.size} onChange={set('size')} error={errors.size} />
        <SelectField label="Unit" value={values.unit} onChange={set('unit')} options={options(FIELD_UNITS, capitalise)} />
      </div>
      <TextField label="Crop Type" required value={values.cropType} onChange={set('cropType')} error={errors.cropType} placeholder="e.g. Maize" />
      <TextField label="Planting Date" type="date" value={values.plantingDate} onChange={set('plantingDate')} />
      {field && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Status" value={values.status} onChange={set('status')} options={options(FIELD_STATUSES, capitalise)} />
          <TextField label="Location" value={values.location} onChange={set('location')} />
        </div>
      )}
    </FormDialog>
  );
}
