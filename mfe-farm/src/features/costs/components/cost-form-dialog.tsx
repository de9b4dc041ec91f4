import type { ActivityType, BudgetCategory, Cost } from '@shambasoko/shared';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { ACTIVITY_TYPES, BUDGET_CATEGORIES, options } from '../../../lib/constants';
import { errorMessage, todayISO } from '../../../lib/format';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { hasErrors, parseNumber, requireFields, type FieldErrors } from '../../../lib/validate';
import { CascadingSelects } from '../../../lib/filters/cascading-selects';
import { NO_CHOICE, type FilterValue } from '../../../lib/filters/filter-state';
import { useCreateCost } from '../api/create-cost';
import { useUpdateCost } from '../api/update-cost';

type Values = { activityType: string; budgetCategory: string; description: string; amount: string; date: string };
type Key = keyof Values | 'farm' | 'field' | 'season' | 'crop';

export type CostFormDialogProps = { onClose: () => void; cost?: Cost; initial?: Partial<FilterValue> };

/**
 * Add New Cost (spec section 5): farm, field, season, crop, activity type, budget category,
 * description and amount all required; amount from 0 in steps of 0.01, stored as whole shillings.
 */
export function CostFormDialog({ onClose, cost, initial }: CostFormDialogProps) {
  const [values, setValues] = useState<Values>({
    activityType: cost?.activityType ?? '',
    budgetCategory: cost?.category ?? '',
    description: cost?.description ?? '',
    amount: cost ? String(cost.amount) : '',
    date: cost?.date ?? todayISO(),
  });
  const [where, setWhere] = useState<FilterValue>({
    ...NO_CHOICE,
    ...Object.fromEntries(Object.entries(initial ?? {}).filter(([, id]) => id && id !== '0')),
    ...(cost ? { farmId: cost.farmId, fieldId: cost.fieldId ?? '', seasonId: cost.seasonId ?? '', cropId: cost.cropId ?? '' } : {}),
  });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const create = useCreateCost();
  const update = useUpdateCost();
  const mutation = cost ? update : create;
  const { cannot } = useFarmRoles();
  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };

  function submit() {
    const found: FieldErrors<Key> = requireFields(values, {
      activityType: 'Activity type', budgetCategory: 'Budget category', description: 'Description', amount: 'Amount',
    });
    if (!where.farmId) found.farm = 'Farm is required.';
    if (!where.fieldId) found.field = 'Field is required.';
    if (!where.seasonId) found.season = 'Season is required.';
    if (!where.cropId) found.crop = 'Crop is required.';
    const amount = parseNumber(values.amount);
    if (!found.amount && (amount === null || amount < 0)) found.amount = 'Amount must be 0 or more.';
    setErrors(found);
    if (hasErrors(found) || amount === null) return;
    const body = {
      fieldId: where.fieldId,
      seasonId: where.seasonId,
      cropId: where.cropId,
      // The selects offer only the contract's values.
      activityType: values.activityType as ActivityType,
      budgetCategory: values.budgetCategory as BudgetCategory,
      description: values.description.trim(),
      // Money is whole shillings end to end; the input allows cents only because the spec's form does.
      amount: Math.round(amount),
      date: values.date || undefined,
    };
    const done = { onSuccess: onClose };
    if (cost) update.mutate({ id: cost.id, input: body }, done);
    else create.mutate({ farmId: where.farmId, ...body }, done);
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      title={cost ? 'Edit Cost' : 'Add New Cost'}
      submitLabel={cost ? 'Save Changes' : 'Add Cost'}
      busyLabel="Saving..."
      busy={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error) : null}
      onSubmit={submit}
      size="lg"
    >
      <CascadingSelects
        idPrefix="cost-form"
        levels={['farm', 'field', 'season', 'crop']}
        mode="form"
        required={['farm', 'field', 'season', 'crop']}
        value={where}
        onChange={(v) => { setWhere(v); setErrors((e) => ({ ...e, farm: undefined, field: undefined, season: undefined, crop: undefined })); }}
        locked={cost ? ['farm'] : []}
        errors={{ farm: errors.farm, field: errors.field, season: errors.season, crop: errors.crop }}
        farmDisabled={(id) => cannot(id, 'manageCosts')}
        columnsClassName="sm:grid-cols-2"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Activity Type" required placeholder="Select activity type" value={values.activityType} onChange={set('activityType')} options={options(ACTIVITY_TYPES)} error={errors.activityType} />
        <SelectField label="Budget Category" required placeholder="Select budget category" value={values.budgetCategory} onChange={set('budgetCategory')} options={options(BUDGET_CATEGORIES)} error={errors.budgetCategory} />
      </div>
      <TextField label="Description" required value={values.description} onChange={set('description')} error={errors.description} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Amount (KES)" required type="number" inputMode="decimal" min={0} step="0.01" value={values.amount} onChange={set('amount')} error={errors.amount} />
        <TextField label="Date" type="date" value={values.date} onChange={set('date')} />
      </div>
    </FormDialog>
  );
}
