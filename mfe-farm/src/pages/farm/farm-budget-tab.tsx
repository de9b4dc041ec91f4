import type { Farm } from '@shambasoko/contracts';
import { Button } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { useT as usePageT } from '../../lib/i18n-farm-page';
import { can, gate } from '../../lib/permissions';
import { BudgetOverview } from '../../features/budget/components/budget-overview';
import { CostFormDialog, SetBudgetDialog } from '../../components/dialogs';

/** Budget tab: this farm's plan against its spending, with Set Budget and Add Cost for this farm. */
export function FarmBudgetTab({ farm }: { farm: Farm }) {
  const t = useT();
  const tPage = usePageT();
  const [dialog, setDialog] = useState<'cost' | 'plan' | null>(null);
  const initial = { farmId: farm.id };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={() => setDialog('plan')} {...gate(farm.myRole, 'manageBudgets')}>
          {tPage('farm.budget.set')}
        </Button>
        <Button size="sm" onClick={() => setDialog('cost')} {...gate(farm.myRole, 'manageCosts')}>
          {t('common.addCost')}
        </Button>
      </div>
      <BudgetOverview params={initial} canPlan={can(farm.myRole, 'manageBudgets')} onPlan={() => setDialog('plan')} />
      {dialog === 'cost' && <CostFormDialog initial={initial} onClose={() => setDialog(null)} />}
      {dialog === 'plan' && <SetBudgetDialog initial={initial} onClose={() => setDialog(null)} />}
    </div>
  );
}
