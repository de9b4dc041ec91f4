import { Button, Card } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { NoBooks } from '../components/no-books';
import { Page } from '../components/page';
import { can } from '../lib/permissions';
import { useFarmRoles } from '../lib/use-farm-roles';
import { CostsTable } from '../features/costs/components/costs-table';
import { CascadingSelects } from '../lib/filters/cascading-selects';
import { asParam, useFilterState } from '../lib/filters/filter-state';
import { BudgetOverview } from '../features/budget/components/budget-overview';
import { useT } from '../lib/i18n-budget';
import { useT as useCostT } from '../lib/i18n-costs';
import { CostFormDialog, SetBudgetDialog } from '../components/dialogs';

/** /budget: planned against spent for the chosen farm, field, season and crop, and the latest costs. */
export default function BudgetPage() {
  const filter = useFilterState();
  const [dialog, setDialog] = useState<'cost' | 'plan' | null>(null);
  const { roles, noBooks } = useFarmRoles();
  const t = useT();
  const costT = useCostT();
  const v = filter.value;
  const params = { farmId: asParam(v.farmId), fieldId: asParam(v.fieldId), seasonId: asParam(v.seasonId), cropId: asParam(v.cropId) };
  const canCost = roles.some((r) => can(r, 'manageCosts'));
  const canPlan = roles.some((r) => can(r, 'manageBudgets'));

  if (noBooks) {
    return (
      <Page title={t('budget.title')} subtitle={t('budget.subtitle')}>
        <NoBooks />
      </Page>
    );
  }
  return (
    <Page
      title={t('budget.title')}
      subtitle={t('budget.subtitle')}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => setDialog('plan')}
            disabled={!canPlan}
            title={canPlan ? undefined : t('budget.setReason')}
          >
            {t('budget.set')}
          </Button>
          <Button onClick={() => setDialog('cost')} disabled={!canCost} title={canCost ? undefined : costT('costs.addReason')}>
            {costT('costs.add')}
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
      <BudgetOverview params={params} canPlan={canPlan} onPlan={() => setDialog('plan')} />
      <Card
        title={t('budget.recentCosts')}
        flush
        actions={
          <Link to="/costs" className="text-sm font-medium text-brand-700 hover:underline">
            {t('budget.allCosts')}
          </Link>
        }
      >
        <CostsTable query={{ ...params, pageSize: 10 }} page={1} caption={t('budget.recentCostsCaption')} />
      </Card>
      {dialog === 'cost' && <CostFormDialog initial={v} onClose={() => setDialog(null)} />}
      {dialog === 'plan' && <SetBudgetDialog initial={v} onClose={() => setDialog(null)} />}
    </Page>
  );
}
