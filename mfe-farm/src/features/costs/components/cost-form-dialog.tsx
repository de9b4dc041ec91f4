import type { ActivityType, BudgetCategory, Cost } from '@shambasoko/shared';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { ACTIVITY_TYPES, BUDGET_CATEGORIES, options } from '../../../lib/constants';
import { todayISO } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { parseNumber } from '../../../lib/validate';
import { FormSelects } from '../../../lib/filters/form-selects';
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
  const [where, setWhere] = useState<FilterValue>({
    ...NO_CHOICE,
    ...Object.fromEntries(Object.entries(initial ?? {}).filter(([, id]) => id && id !== '0')),
    ...(cost ? { farmId: cost.farmId, fieldId: cost.fieldId ?? '', seasonId: cost.seasonId ?? '', cropId: cost.cropId ?? '' } : {}),
  });
  const form = useForm<Values, Key>({
    defaultValues: {
      activityType: cost?.activityType ?? '',
      budgetCategory: cost?.category ?? '',
      description: cost?.description ?? '',
      amount: cost ? String(cost.amount) : '',
      date: cost?.date ?? todayISO(),
    },
    required: { activityType: 'Activity type', budgetCategory: 'Budget category', description: 'Description', amount: 'Amount' },
    validate: (v, found) => {
      const amount = parseNumber(v.amount);
      return {
        farm: where.farmId ? undefined : 'Farm is required.',
        field: where.fieldId ? undefined : 'Field is required.',
        season: where.seasonId ? undefined : 'Season is required.',
        crop: where.cropId ? undefined : 'Crop is required.',
        amount: !found.amount && (amount === null || amount < 0) ? 'Amount must be 0 or more.' : found.amount,
      };
    },
  });
  const create = useCreateCost();
  const update = useUpdateCost();
  const mutation = cost ? update : create;

  const submit = form.handleSubmit((values) => {
    const body = {
      fieldId: where.fieldId,
      seasonId: where.seasonId,
      cropId: where.cropId,
      // The selects offer only the contract's values.
      activityType: values.activityType as ActivityType,
      budgetCategory: values.budgetCategory as BudgetCategory,
      description: values.description.trim(),
      // Money is whole shillings end to end; the input allows cents only because the spec's form does.
      amount: Math.round(parseNumber(values.amount) ?? 0),
      date: values.date || undefined,
    };
    const done = { onSuccess: onClose };
    if (cost) update.mutate({ id: cost.id, input: body }, done);
    else create.mutate({ farmId: where.farmId, ...body }, done);
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      title={cost ? 'Edit Cost' : 'Add New Cost'}
      submitLabel={cost ? 'Save Changes' : 'Add Cost'}
      mutation={mutation}
      onSubmit={submit}
      size="lg"
    >
      <FormSelects
        idPrefix="cost-form"
        levels={['farm', 'field', 'season', 'crop']}
        required={['farm', 'field', 'season', 'crop']}
        value={where}
        onChange={setWhere}
        locked={cost ? ['farm'] : []}
        action="manageCosts"
        columnsClassName="sm:grid-cols-2"
        form={form}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Activity Type" required placeholder="Select activity type" {...form.field('activityType')} options={options(ACTIVITY_TYPES)} />
        <SelectField label="Budget Category" required placeholder="Select budget category" {...form.field('budgetCategory')} options={options(BUDGET_CATEGORIES)} />
      </div>
      <TextField label="Description" required {...form.field('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Amount (KES)" required type="number" inputMode="decimal" min={0} step="0.01" {...form.field('amount')} />
        <TextField label="Date" type="date" {...form.field('date')} />
      </div>
    </FormDialog>
  );
}
