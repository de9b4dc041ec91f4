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
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="budget-cards">
            <StatCard label="Planned Budget" value={<Money amount={s.planned} />} />
            <StatCard label="Actual Spent" value={<Money amount={s.actual} />} hint={`${s.percentage}% of plan`} />
            <StatCard label="Remaining" value={<Money amount={s.remaining} className={s.remaining < 0 ? 'text-red-700' : undefined} />} />
            <StatCard
              label="Variance"
              value={<Money amount={s.variance} className={s.variance < 0 ? 'text-red-700' : 'text-brand-700'} />}
              hint={s.variance < 0 ? 'Over budget' : 'Under budget'}
            />
          </div>
          <div className="grid gap-6 lg:grid-cols-5">
            <Card title="Budget Overview" className="lg:col-span-2">
              <BudgetDonut total={s.planned} spent={s.actual} />
            </Card>
            <Card title="Budget by Category" className="lg:col-span-3">
              <BudgetByCategory lines={s.categories} />
            </Card>
          </div>
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
