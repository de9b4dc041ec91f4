import { TextField } from '@shambasoko/shared/ui';
import { type BudgetCategory, Spinner } from '@shambasoko/shared';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { BUDGET_CATEGORIES } from '../../../lib/constants';
import { errorMessage } from '../../../lib/format';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { parseNumber } from '../../../lib/validate';
import { CascadingSelects } from '../../../lib/filters/cascading-selects';
import { asParam, NO_CHOICE, type FilterValue } from '../../../lib/filters/filter-state';
import { useBudgets } from '../api/get-budgets';
import { usePutBudget } from '../api/put-budget';

type Amounts = Record<string, string>;

/** Planned budget per category for a farm (and optionally one season); only changed lines are sent. */
export function SetBudgetDialog({ onClose, initial }: { onClose: () => void; initial?: Partial<FilterValue> }) {
  const [where, setWhere] = useState<FilterValue>({
    ...NO_CHOICE,
    farmId: asParam(initial?.farmId ?? '') ?? '',
    seasonId: asParam(initial?.seasonId ?? '') ?? '',
  });
  const [amounts, setAmounts] = useState<Amounts>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [farmError, setFarmError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const budgets = useBudgets({ farmId: where.farmId, seasonId: where.seasonId || undefined });
  const put = usePutBudget();
  const { cannot } = useFarmRoles();
  const current = new Map((budgets.data?.items ?? []).map((i) => [i.category, i.planned]));

  // A new farm or season shows that plan's figures.
  const plan = budgets.data;
  useEffect(() => {
    setAmounts(Object.fromEntries((plan?.items ?? []).map((i) => [i.category, String(i.planned)])));
  }, [plan]);

  async function submit() {
    if (!where.farmId) {
      setFarmError('Farm is required.');
      return;
    }
    const found: Record<string, string | undefined> = {};
    const changes: { category: BudgetCategory; planned: number }[] = [];
    for (const category of BUDGET_CATEGORIES) {
      const text = amounts[category] ?? '';
      if (text.trim() === '' && !current.has(category)) continue;
      const value = parseNumber(text === '' ? '0' : text);
      if (value === null || value < 0) {
        found[category] = 'Enter an amount of 0 or more.';
        continue;
      }
      const planned = Math.round(value);
      if (current.get(category) !== planned) changes.push({ category: category as BudgetCategory, planned });
    }
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
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
      onSubmit={() => void submit()}
      size="lg"
    >
      <CascadingSelects
        idPrefix="budget-form"
        levels={['farm', 'season']}
        mode="form"
        required={['farm']}
        value={where}
        onChange={(v) => { setWhere(v); setFarmError(undefined); }}
        errors={{ farm: farmError }}
        labels={{ season: 'Season (optional)' }}
        farmDisabled={(id) => cannot(id, 'manageBudgets')}
        columnsClassName="sm:grid-cols-2"
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
              value={amounts[category] ?? ''}
              placeholder="0"
              disabled={!where.farmId}
              error={errors[category]}
              onChange={(e) => setAmounts((a) => ({ ...a, [category]: e.target.value }))}
            />
          ))}
        </div>
      )}
    </FormDialog>
  );
}
