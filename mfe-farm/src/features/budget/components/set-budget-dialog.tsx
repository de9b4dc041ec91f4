import { TextField } from '@shambasoko/shared/ui';
import type { BudgetCategory } from '@shambasoko/contracts';
import { Spinner } from '@shambasoko/shared';
import { putBudgetBody } from '@shambasoko/contracts';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { BUDGET_CATEGORIES } from '../../../lib/constants';
import { errorMessage } from '../../../lib/format';
import { maybePicked, picked, useContractForm, wholeShillings } from '../../../lib/form';
import { FormSelects } from '../../../lib/filters/form-selects';
import { asParam } from '../../../lib/filters/filter-state';
import { useBudgets } from '../api/get-budgets';
import { usePutBudget } from '../api/put-budget';
import { useT, valueLabel } from '../../../lib/i18n-work';
import { useT as useFormT } from '../../../lib/i18n-work-forms';

/** The farm and season, and the amount typed per category ("" when blank). */
type Values = { farmId: string; seasonId: string } & Record<string, string>;

// Each category's amount follows the contract's rule for a planned amount; blank leaves it as it is.
const schema = z.object({
  farmId: picked(),
  seasonId: maybePicked(),
  ...Object.fromEntries(BUDGET_CATEGORIES.map((category) => [category, wholeShillings(putBudgetBody.shape.planned).optional()])),
});
type Planned = { farmId: string; seasonId: string | null } & Partial<Record<BudgetCategory, number>>;

/** Planned budget per category for a farm (and optionally one season); only changed lines are sent. */
export function SetBudgetDialog({ onClose, initial }: { onClose: () => void; initial?: { farmId?: string; seasonId?: string } }) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const t = useT();
  const formT = useFormT();
  const form = useContractForm<Values, Planned>({
    schema,
    labels: {},
    numbers: BUDGET_CATEGORIES,
    defaultValues: { farmId: asParam(initial?.farmId ?? '') ?? '', seasonId: asParam(initial?.seasonId ?? '') ?? '' } as Values,
  });
  const farmId = form.watch('farmId');
  const seasonId = form.watch('seasonId');
  const budgets = useBudgets({ farmId, seasonId: seasonId || undefined });
  const put = usePutBudget();
  const current = new Map((budgets.data?.items ?? []).map((i) => [i.category, i.planned]));

  // A new farm or season shows that plan's figures.
  const plan = budgets.data;
  const { reset, getValues } = form;
  useEffect(() => {
    const { farmId: farm, seasonId: season } = getValues();
    reset({
      farmId: farm,
      seasonId: season,
      ...Object.fromEntries((plan?.items ?? []).map((i) => [i.category, String(i.planned)])),
    } as Values);
  }, [plan, reset, getValues]);

  async function save(planned: Planned) {
    // A cleared amount of an existing plan is 0; a blank one never set stays unset.
    const changes = BUDGET_CATEGORIES.map((category) => ({
      category,
      planned: planned[category] ?? (current.has(category) ? 0 : undefined),
    })).filter((c): c is { category: BudgetCategory; planned: number } => c.planned !== undefined && current.get(c.category) !== c.planned);
    setSaving(true);
    setFailure(null);
    try {
      for (const change of changes) {
        await put.mutateAsync({ farmId: planned.farmId, seasonId: planned.seasonId, ...change });
      }
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      title={formT('budget.plan.title')}
      description={formT('budget.plan.description')}
      submitLabel={formT('budget.plan.save')}
      busyLabel={formT('budget.plan.saving')}
      busy={saving}
      error={failure}
      onSubmit={form.handleSubmit(save)}
      size="lg"
    >
      <FormSelects
        idPrefix="budget-form"
        levels={['farm', 'season']}
        labels={{ season: formT('common.seasonOptional') }}
        action="manageBudgets"
        columnsClassName="sm:grid-cols-2"
        form={form}
      />
      {farmId && budgets.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={formT('budget.plan.loading')} />
        </div>
      ) : budgets.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(budgets.error)}
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          {BUDGET_CATEGORIES.map((category) => (
            <TextField
              key={category}
              label={valueLabel(t, 'category', category)}
              type="number"
              inputMode="numeric"
              min={0}
              step="1"
              placeholder="0"
              disabled={!farmId}
              {...form.field(category)}
            />
          ))}
        </div>
      )}
    </FormDialog>
  );
}
