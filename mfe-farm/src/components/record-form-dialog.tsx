import { SelectField, TextField } from '@shambasoko/shared/ui';
import type { DefaultValues, Path } from 'react-hook-form';
import { HARVEST_UNITS } from '@shambasoko/contracts';
import { useContractForm } from '../lib/form';
import type { useT } from '../lib/i18n-records';
import { FormDialog } from './form-dialog';

type Common<Name extends string> = { name: Name; label: string; required?: boolean; hint?: string };

/**
 * One input of a crop record's form, as data: a date, free text, a number (`step: 'any'` for decimals
 * such as kilograms, none for whole shillings) or a pick from `options`.
 */
export type RecordField<Name extends string> = Common<Name> &
  (
    | { kind: 'date' }
    | { kind: 'text' }
    | { kind: 'number'; step?: 'any' }
    | { kind: 'select'; options: ReadonlyArray<{ value: string; label: string }> }
  );

type RecordsT = ReturnType<typeof useT>;

/** The date of a crop record (required). */
export const dateField = (t: RecordsT): RecordField<'date'> => ({ kind: 'date', name: 'date', label: t('harvests.date'), required: true });

/** How much, in which unit: a harvest and a sale are both counted so. */
export const quantityFields = (t: RecordsT): Array<RecordField<'quantity' | 'unit'>> => [
  { kind: 'number', name: 'quantity', label: t('harvests.quantity'), required: true, step: 'any' },
  {
    kind: 'select',
    name: 'unit',
    label: t('harvests.unit'),
    required: true,
    options: HARVEST_UNITS.map((u) => ({ value: u, label: t(`unit.${u}`) })),
  },
];

type Values<Name extends string> = Record<Name, string>;

export type RecordFormDialogProps<Name extends string, Out> = {
  title: string;
  submitLabel: string;
  /** The contract's request schema (or one derived from it). */
  schema: Parameters<typeof useContractForm>[0]['schema'];
  fields: ReadonlyArray<RecordField<Name>>;
  defaultValues: Values<Name>;
  mutation: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    reset: () => void;
    mutate: (body: Out, o: { onSuccess: () => void }) => void;
  };
  onClose: () => void;
};

/**
 * A dialog that records one entry against a crop (a harvest, a sale): two columns of inputs, each
 * checked by the contract, number inputs read as numbers, the save closing the dialog.
 */
export function RecordFormDialog<Name extends string, Out>({
  title,
  submitLabel,
  schema,
  fields,
  defaultValues,
  mutation,
  onClose,
}: RecordFormDialogProps<Name, Out>) {
  const form = useContractForm<Values<Name>, Out>({
    schema,
    labels: Object.fromEntries(fields.map((f) => [f.name, f.label])) as Partial<Values<Name>>,
    numbers: fields.filter((f) => f.kind === 'number').map((f) => f.name),
    defaultValues: defaultValues as DefaultValues<Values<Name>>,
  });
  const submit = form.handleSubmit((body) => mutation.mutate(body, { onSuccess: onClose }));
  return (
    <FormDialog open onClose={onClose} title={title} submitLabel={submitLabel} mutation={mutation} onSubmit={() => void submit()}>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => {
          const common = { label: f.label, required: f.required, hint: f.hint, ...form.field(f.name as unknown as Path<Values<Name>>) };
          if (f.kind === 'select') return <SelectField key={f.name} {...common} options={[...f.options]} />;
          if (f.kind === 'number')
            return (
              <TextField
                key={f.name}
                {...common}
                type="number"
                inputMode={f.step === 'any' ? 'decimal' : 'numeric'}
                min={0}
                step={f.step}
              />
            );
          return <TextField key={f.name} {...common} type={f.kind === 'date' ? 'date' : undefined} />;
        })}
      </div>
    </FormDialog>
  );
}
