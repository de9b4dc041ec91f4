import type { AreaUnit, Field } from '@shambasoko/contracts';
import { createFieldBody, updateFieldBody, type CreateFieldInput } from '@shambasoko/contracts';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { FIELD_STATUSES, FIELD_UNITS, options } from '../../../lib/constants';
import { todayISO } from '../../../lib/format';
import { statusLabel, useT } from '../../../lib/i18n';
import { unitLabel, useT as useFormT } from '../../../lib/i18n-forms';
import { editorOf } from '../../../lib/editor';
import { useAreaUnit } from '../../../lib/area';
import { picked, useContractForm } from '../../../lib/form';
import { FormSelects } from '../../../lib/filters/form-selects';
import { useCreateField } from '../api/create-field';
import { useUpdateField } from '../api/update-field';

type Values = {
  farmId: string;
  name: string;
  size: string;
  unit: string;
  cropType: string;
  plantingDate: string;
  status: string;
  location: string;
};

const fromField = (farmId: string, unit: AreaUnit, f?: Field): Values => ({
  farmId,
  name: f?.name ?? '',
  size: f ? String(f.size) : '',
  unit: f?.unit ?? unit,
  cropType: f?.cropType ?? '',
  plantingDate: f?.plantingDate ?? todayISO(),
  status: f?.status ?? 'planted',
  location: f?.location ?? '',
});

// The farm is the path of a new field (POST /v1/farms/:farmId/fields), not part of its body.
const addSchema = z.object({ farmId: picked() }).and(createFieldBody.transform(({ status: _s, location: _l, ...body }) => body));
type Saved = { farmId?: string } & CreateFieldInput;

export type FieldFormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The farm the field goes on; without it the dialog asks for one. */
  farmId?: string;
  /** Edit this field instead of adding one. */
  field?: Field;
  onSaved?: (field: Field) => void;
};

/** Add New Field / Edit Field: name, size and crop type required; the preferred unit and today by default. */
export function FieldFormDialog({ open, onClose, farmId, field, onSaved }: FieldFormDialogProps) {
  const t = useT();
  const formT = useFormT();
  const unit = useAreaUnit();
  const form = useContractForm<Values, Saved>({
    schema: field ? updateFieldBody : addSchema,
    labels: {
      name: formT('fields.form.nameError'),
      size: t('common.size'),
      cropType: formT('fields.form.cropTypeError'),
      plantingDate: formT('fields.form.plantingDateError'),
      location: t('common.location'),
    },
    numbers: ['size'],
    defaultValues: fromField(farmId ?? '', unit, field),
  });
  const { dialog, save } = editorOf(field, useCreateField(), useUpdateField(), (saved: Field) => {
    if (!field) form.reset(fromField(farmId ?? '', unit));
    onSaved?.(saved);
    onClose();
  });
  const submit = form.handleSubmit(({ farmId: chosen, ...input }) =>
    save({ farmId: chosen ?? '', input }, (f) => ({ fieldId: f.id, input })),
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      {...dialog({ title: formT('fields.form.add'), submit: t('dashboard.addField') }, t('common.editField'))}
      onSubmit={submit}
    >
      {!field && (
        <FormSelects
          idPrefix="field-form"
          levels={['farm']}
          locked={farmId ? ['farm'] : []}
          action="manageFields"
          form={form}
          columnsClassName=""
        />
      )}
      <TextField label={t('common.fieldName')} required {...form.field('name')} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('common.size')} required type="number" inputMode="decimal" min={0} step="0.01" {...form.field('size')} />
        <SelectField label={formT('fields.form.unit')} {...form.field('unit')} options={options(FIELD_UNITS, unitLabel)} />
      </div>
      <TextField label={t('common.cropType')} required {...form.field('cropType')} placeholder={formT('fields.form.cropPlaceholder')} />
      <TextField label={t('common.plantingDate')} type="date" {...form.field('plantingDate')} />
      {field && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('common.status')} {...form.field('status')} options={options(FIELD_STATUSES, statusLabel)} />
          <TextField label={t('common.location')} {...form.field('location')} />
        </div>
      )}
    </FormDialog>
  );
}
