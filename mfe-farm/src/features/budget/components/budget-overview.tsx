import { formatKES } from '@shambasoko/shared';
import { Button, Card, ErrorState, StaleNotice, StatCard } from '@shambasoko/shared/ui';
import { Spinner } from '@shambasoko/shared';
import { BudgetDonut } from '../../../components/budget-donut';
import { errorMessage } from '../../../lib/format';
import { useBudgetSummary, type BudgetSummaryQuery } from '../api/get-budget-summary';
import { BudgetByCategory } from './budget-by-category';

/** A KES figure that fits two cards side by side on a phone. */
function Money({ amount, className }: { amount: number; className?: string }) {
  return <span className={`text-xl sm:text-2xl ${className ?? ''}`}>{formatKES(amount)}</span>;
}

/** No plan in these filters: invite the user to set one rather than show "Ksh 0, under budget". */
function FirstBudget({ canPlan, spent, onPlan }: { canPlan: boolean; spent: number; onPlan: () => void }) {
  return (
    <Card>
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between" data-testid="first-budget">
        <div>
          <h2 className="text-lg font-semibold text-stone-900">Set your first budget</h2>
          <p className="text-sm text-stone-600">
            Plan what each category may cost, then see spending against it.
            {spent > 0 && ` Spent so far: ${formatKES(spent)}.`}
          </p>
        </div>
        {canPlan && <Button onClick={onPlan}>Set your first budget</Button>}
      </div>
    </Card>
  );
}

/** Planned against spent for `params`: the cards, the donut and the categories (the budget page and a farm's Budget tab). */
export function BudgetOverview({ params, canPlan, onPlan }: { params: BudgetSummaryQuery; canPlan: boolean; onPlan: () => void }) {
  const summary = useBudgetSummary(params);
  const s = summary.data;
  if (summary.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading the budget" />
      </div>
    );
  }
  if (s === undefined) {
    return (
      <Card>
        <ErrorState message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} />
      </Card>
    );
  }
  return (
    <>
      {summary.isError && (
        <Card flush>
          <StaleNotice what="the budget" message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} />
        </Card>
      )}
      {s.planned === 0 && <FirstBudget canPlan={canPlan} spent={s.actual} onPlan={onPlan} />}
      {s.planned > 0 && (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="budget-cards">
          <StatCard label="Planned Budget" value={<Money amount={s.planned} />} />
          <StatCard label="Actual Spent" value={<Money amount={s.actual} />} hint={`${s.percentage}% of plan`} />
          {/* Remaining is planned - actual, the same figure the API calls variance: shown once. */}
          <StatCard
            className="col-span-2 lg:col-span-1"
            label={s.remaining < 0 ? 'Over Budget By' : 'Remaining'}
            value={<Money amount={Math.abs(s.remaining)} className={s.remaining < 0 ? 'text-red-700' : 'text-brand-700'} />}
            hint={s.remaining < 0 ? 'Spending is above the plan' : 'Left to spend within the plan'}
          />
        </div>
      )}
      {(s.planned > 0 || s.actual > 0) && (
        <div className="grid gap-6 lg:grid-cols-5">
          {s.planned > 0 && (
            <Card title="Budget Overview" className="lg:col-span-2">
              <BudgetDonut total={s.planned} spent={s.actual} figures={false} />
            </Card>
          )}
          <Card title="Budget by Category" className={s.planned > 0 ? 'lg:col-span-3' : 'lg:col-span-5'}>
            <BudgetByCategory lines={s.categories} />
          </Card>
        </div>
      )}
    </>
  );
}
