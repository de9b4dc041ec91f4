import { TextField } from '@shambasoko/shared/ui';
import { type BudgetCategory, Spinner } from '@shambasoko/shared';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { BUDGET_CATEGORIES } from '../../../lib/constants';
import { errorMessage } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { parseNumber } from '../../../lib/validate';
import { FormSelects } from '../../../lib/filters/form-selects';
import { asParam, NO_CHOICE, type FilterValue } from '../../../lib/filters/filter-state';
import { useBudgets } from '../api/get-budgets';
import { usePutBudget } from '../api/put-budget';

type Amounts = Record<string, string>;

/** The whole shillings typed for a category; undefined when left blank and never set, null when not an amount of 0 or more. */
function plannedOf(text: string | undefined, hasPlan: boolean): number | null | undefined {
  const typed = text ?? '';
  if (typed.trim() === '' && !hasPlan) return undefined;
  const value = parseNumber(typed === '' ? '0' : typed);
  return value === null || value < 0 ? null : Math.round(value);
}

/** Planned budget per category for a farm (and optionally one season); only changed lines are sent. */
export function SetBudgetDialog({ onClose, initial }: { onClose: () => void; initial?: Partial<FilterValue> }) {
  const [where, setWhere] = useState<FilterValue>({
    ...NO_CHOICE,
    farmId: asParam(initial?.farmId ?? '') ?? '',
    seasonId: asParam(initial?.seasonId ?? '') ?? '',
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const budgets = useBudgets({ farmId: where.farmId, seasonId: where.seasonId || undefined });
  const put = usePutBudget();
  const current = new Map((budgets.data?.items ?? []).map((i) => [i.category, i.planned]));
  const form = useForm<Amounts, 'farm'>({
    defaultValues: {},
    // A farm first; the amounts are checked once there is a plan to compare them with.
    validate: (amounts) =>
      where.farmId
        ? Object.fromEntries(BUDGET_CATEGORIES.filter((c) => plannedOf(amounts[c], current.has(c)) === null).map((c) => [c, 'Enter an amount of 0 or more.']))
        : { farm: 'Farm is required.' },
  });

  // A new farm or season shows that plan's figures.
  const plan = budgets.data;
  const { reset } = form;
  useEffect(() => {
    reset(Object.fromEntries((plan?.items ?? []).map((i) => [i.category, String(i.planned)])));
  }, [plan, reset]);

  const submit = form.handleSubmit((amounts) => void save(amounts));

  async function save(amounts: Amounts) {
    const changes: { category: BudgetCategory; planned: number }[] = [];
    for (const category of BUDGET_CATEGORIES) {
      const planned = plannedOf(amounts[category], current.has(category));
      if (planned !== undefined && planned !== null && current.get(category) !== planned) changes.push({ category: category as BudgetCategory, planned });
    }
    setSaving(true);
    setFailure(null);
    try {
      for (const change of changes) {
        await put.mutateAsync({ farmId: where.farmId, seasonId: where.seasonId || null, ...change });
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
      title="Set Planned Budget"
      description="Planned amounts in KES for each budget category."
      submitLabel="Save Budget"
      busyLabel="Saving..."
      busy={saving}
      error={failure}
      onSubmit={submit}
      size="lg"
    >
      <FormSelects
        idPrefix="budget-form"
        levels={['farm', 'season']}
        value={where}
        onChange={setWhere}
        labels={{ season: 'Season (optional)' }}
        action="manageBudgets"
        columnsClassName="sm:grid-cols-2"
        form={form}
      />
      {where.farmId && budgets.isPending ? (
        <div className="flex justify-center py-6"><Spinner label="Loading the plan" /></div>
      ) : budgets.isError ? (
        <p role="alert" className="text-sm text-red-700">{errorMessage(budgets.error)}</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          {BUDGET_CATEGORIES.map((category) => (
            <TextField
              key={category}
              label={category}
              type="number"
              inputMode="numeric"
              min={0}
              step="1"
              value={form.values[category] ?? ''}
              placeholder="0"
              disabled={!where.farmId}
              error={form.errors[category]}
              onChange={(e) => form.setValue(category, e.target.value)}
            />
          ))}
        </div>
      )}
    </FormDialog>
  );
}
