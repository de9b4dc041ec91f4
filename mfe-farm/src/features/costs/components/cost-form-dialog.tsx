import type { Cost } from '@shambasoko/contracts';
import { z } from 'zod';
import { createCostBody, updateCostBody, type CreateCostInput } from '@shambasoko/contracts';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { FormDialog } from '../../../components/form-dialog';
import { ACTIVITY_TYPES, BUDGET_CATEGORIES, options } from '../../../lib/constants';
import { todayISO } from '../../../lib/format';
import { editorOf } from '../../../lib/editor';
import { maybePicked, picked, useContractForm, wholeShillings } from '../../../lib/form';
import { useDefaultFarm } from '../use-default-farm';
import { FormSelects } from '../../../lib/filters/form-selects';
import type { FilterValue } from '../../../lib/filters/filter-state';
import { useCreateCost } from '../api/create-cost';
import { useUpdateCost } from '../api/update-cost';
import { useT, valueLabel } from '../../../lib/i18n-work';
import { useT as useCostT } from '../../../lib/i18n-costs';
import { useT as useFormT } from '../../../lib/i18n-work-forms';

type Values = {
  farmId: string;
  fieldId: string;
  seasonId: string;
  cropId: string;
  activityType: string;
  budgetCategory: string;
  description: string;
  amount: string;
  date: string;
};

// Money is whole shillings end to end; the input allows cents only because the spec's form does.
// No field, season or crop is a farm-wide cost (fuel, fencing); '' activity type or description is none.
const blankIsNone = z.preprocess((v) => (v === '' ? undefined : v), createCostBody.shape.activityType);
const where = {
  fieldId: maybePicked(),
  seasonId: maybePicked(),
  cropId: maybePicked(),
  activityType: blankIsNone,
  amount: wholeShillings(createCostBody.shape.amount),
};
const addSchema = createCostBody.extend({ farmId: picked(), ...where });
const editSchema = updateCostBody.extend(where);

/** A preset id from a list's filters; '0' (All) is no choice. */
const preset = (id: string | undefined) => (id && id !== '0' ? id : '');

export type CostFormDialogProps = { onClose: () => void; cost?: Cost; initial?: Partial<FilterValue> };

/**
 * Add New Cost: only the amount, the budget category and the date are asked for; the farm starts as the
 * list's filter or the user's first farm where they may add costs. Amount from 0 in steps of 0.01,
 * stored as whole shillings.
 */
export function CostFormDialog({ onClose, cost, initial }: CostFormDialogProps) {
  const t = useT();
  const costT = useCostT();
  const formT = useFormT();
  const form = useContractForm<Values, CreateCostInput>({
    schema: cost ? editSchema : addSchema,
    labels: {
      activityType: formT('common.activityType'),
      budgetCategory: formT('costs.form.category'),
      description: costT('costs.form.description'),
      amount: costT('costs.amount'),
      date: costT('costs.form.date'),
    },
    numbers: ['amount'],
    defaultValues: {
      farmId: cost?.farmId ?? preset(initial?.farmId),
      fieldId: cost ? (cost.fieldId ?? '') : preset(initial?.fieldId),
      seasonId: cost ? (cost.seasonId ?? '') : preset(initial?.seasonId),
      cropId: cost ? (cost.cropId ?? '') : preset(initial?.cropId),
      activityType: cost?.activityType ?? '',
      budgetCategory: cost?.category ?? '',
      description: cost?.description ?? '',
      amount: cost ? String(cost.amount) : '',
      date: cost?.date ?? todayISO(),
    },
  });
  const farmId = form.watch('farmId');
  useDefaultFarm(farmId, (id) => form.setValue('farmId', id));
  const { dialog, save } = editorOf(cost, useCreateCost(), useUpdateCost(), onClose);
  const submit = form.handleSubmit(({ farmId: chosen, ...body }) => save({ farmId: chosen, ...body }, (c) => ({ id: c.id, input: body })));

  const add = { title: formT('costs.form.addTitle'), submit: costT('costs.add') };

  return (
    <FormDialog open onClose={onClose} {...dialog(add, formT('costs.form.editTitle'))} onSubmit={submit} size="lg">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={formT('costs.amountKsh')}
          required
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          {...form.field('amount')}
        />
        <SelectField
          label={formT('costs.form.categoryLabel')}
          required
          {...form.field('budgetCategory')}
          placeholder={formT('costs.form.categoryPlaceholder')}
          options={options(BUDGET_CATEGORIES, (v) => valueLabel(t, 'category', v))}
        />
        <TextField label={costT('costs.form.date')} required type="date" {...form.field('date')} />
      </div>
      <FormSelects
        idPrefix="cost-form"
        levels={['farm', 'field', 'season', 'crop']}
        required={['farm']}
        placeholders={{ field: t('common.wholeFarm'), season: formT('costs.form.noSeason'), crop: formT('costs.form.noCrop') }}
        locked={cost ? ['farm'] : []}
        action="manageCosts"
        columnsClassName="sm:grid-cols-2"
        form={form}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={formT('common.activityTypeLabel')}
          placeholder={formT('costs.form.noActivity')}
          {...form.field('activityType')}
          options={options(ACTIVITY_TYPES, (v) => valueLabel(t, 'type', v))}
        />
        <TextField
          label={costT('costs.form.description')}
          placeholder={formT('costs.form.descriptionPlaceholder')}
          {...form.field('description')}
        />
      </div>
    </FormDialog>
  );
}
