import { formatKES } from '@shambasoko/shared';
import { Button, Card, ErrorState, StaleNotice, StatCard } from '@shambasoko/shared/ui';
import { Spinner } from '@shambasoko/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BudgetDonut } from '../components/budget-donut';
import { Page } from '../components/page';
import { can } from '../lib/permissions';
import { errorMessage } from '../lib/format';
import { useFarmRoles } from '../lib/use-farm-roles';
import { CostFormDialog } from '../features/costs/components/cost-form-dialog';
import { CostsTable } from '../features/costs/components/costs-table';
import { CascadingSelects } from '../lib/filters/cascading-selects';
import { asParam, useFilterState } from '../lib/filters/filter-state';
import { useBudgetSummary } from '../features/budget/api/get-budget-summary';
import { BudgetByCategory } from '../features/budget/components/budget-by-category';
import { SetBudgetDialog } from '../features/budget/components/set-budget-dialog';

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

/** /budget: planned against spent for the chosen farm, field, season and crop, and the latest costs. */
export default function BudgetPage() {
  const filter = useFilterState();
  const [dialog, setDialog] = useState<'cost' | 'plan' | null>(null);
  const { roles } = useFarmRoles();
  const v = filter.value;
  const params = { farmId: asParam(v.farmId), fieldId: asParam(v.fieldId), seasonId: asParam(v.seasonId), cropId: asParam(v.cropId) };
  const summary = useBudgetSummary(params);
  const canCost = roles.some((r) => can(r, 'manageCosts'));
  const canPlan = roles.some((r) => can(r, 'manageBudgets'));
  const s = summary.data;

  return (
    <Page
      title="Budget"
      subtitle="Planned budget against what was spent."
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => setDialog('plan')}
            disabled={!canPlan}
            title={canPlan ? undefined : 'You have no farm where your role can set budgets.'}
          >
            Set Budget
          </Button>
          <Button
            onClick={() => setDialog('cost')}
            disabled={!canCost}
            title={canCost ? undefined : 'You have no farm where your role can add costs.'}
          >
            Add Cost
          </Button>
        </>
      }
    >
      <Card>
        <CascadingSelects
          levels={['farm', 'field', 'season', 'crop']}
          value={v}
          onChange={filter.setValue}
          columnsClassName="sm:grid-cols-2 lg:grid-cols-4"
        />
      </Card>
      {summary.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the budget" />
        </div>
      ) : summary.isError && s === undefined ? (
        <Card>
          <ErrorState message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} />
        </Card>
      ) : s ? (
        <>
          {summary.isError && (
            <Card flush>
              <StaleNotice what="the budget" message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} />
            </Card>
          )}
          {s.planned === 0 && <FirstBudget canPlan={canPlan} spent={s.actual} onPlan={() => setDialog('plan')} />}
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
      ) : null}
      <Card
        title="Recent Costs"
        flush
        actions={
          <Link to="/costs" className="text-sm font-medium text-brand-700 hover:underline">
            All costs
          </Link>
        }
      >
        <CostsTable query={{ ...params, pageSize: 10 }} page={1} caption="Recent costs" />
      </Card>
      {dialog === 'cost' && <CostFormDialog initial={v} onClose={() => setDialog(null)} />}
      {dialog === 'plan' && <SetBudgetDialog initial={v} onClose={() => setDialog(null)} />}
    </Page>
  );
}
