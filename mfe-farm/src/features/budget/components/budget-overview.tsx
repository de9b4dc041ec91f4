import type { BudgetSummary } from '@shambasoko/contracts';
import { formatKES, formatNumber } from '@shambasoko/shared';
import { Button, Card, ErrorState, StaleNotice, StatCard } from '@shambasoko/shared/ui';
import { Spinner } from '@shambasoko/shared';
import { BudgetDonut } from '../../../components/budget-donut';
import { NotSavedOffline, notSavedOffline } from '../../../components/not-saved-offline';
import { errorMessage } from '../../../lib/format';
import { useQueuedCosts, type QueuedCosts } from '../../../lib/queued-costs';
import { useBudgetSummary, type BudgetSummaryQuery } from '../api/get-budget-summary';
import { useT } from '../../../lib/i18n-budget';
import { BudgetByCategory } from './budget-by-category';

/** A KES figure that fits two cards side by side on a phone. */
function Money({ amount, className }: { amount: number; className?: string }) {
  return <span className={`text-xl sm:text-2xl ${className ?? ''}`}>{formatKES(amount)}</span>;
}

/** No plan in these filters: invite the user to set one rather than show "Ksh 0, under budget". */
function FirstBudget({ canPlan, spent, onPlan }: { canPlan: boolean; spent: number; onPlan: () => void }) {
  const t = useT();
  return (
    <Card>
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between" data-testid="first-budget">
        <div>
          <h2 className="text-lg font-semibold text-stone-900">{t('budget.first.title')}</h2>
          <p className="text-sm text-stone-600">
            {t('budget.first.text')}
            {spent > 0 && ` ${t('budget.first.spent', { amount: formatKES(spent) })}`}
          </p>
        </div>
        {canPlan && <Button onClick={onPlan}>{t('budget.first.title')}</Button>}
      </div>
    </Card>
  );
}

/** Planned against spent for `params`: the cards, the donut and the categories (the budget page and a farm's Budget tab). */
/** The rounded share the API gives (one decimal), for figures that now include queued costs. */
const percentOf = (actual: number, planned: number) => (planned > 0 ? Math.round((actual * 1000) / planned) / 10 : 0);

/** The summary with the costs added offline that fit its filters, as if the server had them already. */
function withQueuedCosts(s: BudgetSummary, queued: QueuedCosts): BudgetSummary {
  if (queued.count === 0) return s;
  const actual = s.actual + queued.amount;
  const known = new Set(s.categories.map((c) => c.name));
  const categories = [
    ...s.categories.map((c) => {
      const lineActual = c.actual + (queued.byCategory.get(c.name) ?? 0);
      return { ...c, actual: lineActual, percentage: percentOf(lineActual, c.planned) };
    }),
    ...[...queued.byCategory]
      .filter(([name]) => !known.has(name))
      .map(([name, amount]) => ({ name, planned: 0, actual: amount, percentage: 0 })),
  ];
  const remaining = s.planned - actual;
  return { ...s, actual, remaining, variance: remaining, percentage: percentOf(actual, s.planned), categories };
}

export function BudgetOverview({ params, canPlan, onPlan }: { params: BudgetSummaryQuery; canPlan: boolean; onPlan: () => void }) {
  const summary = useBudgetSummary(params);
  const queued = useQueuedCosts({ ...params });
  const t = useT();
  const s = summary.data && withQueuedCosts(summary.data, queued);
  if (notSavedOffline(summary)) {
    return (
      <Card>
        <NotSavedOffline what="list" />
      </Card>
    );
  }
  if (summary.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('budget.loading')} />
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
          <StaleNotice what={t('budget.stale')} message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} />
        </Card>
      )}
      {queued.count > 0 && (
        <p className="text-sm text-amber-800" data-testid="budget-queued">
          {t('budget.includesWaiting', { count: queued.count })}
        </p>
      )}
      {s.planned === 0 && <FirstBudget canPlan={canPlan} spent={s.actual} onPlan={onPlan} />}
      {s.planned > 0 && (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="budget-cards">
          <StatCard label={t('budget.planned')} value={<Money amount={s.planned} />} />
          <StatCard
            label={t('budget.actual')}
            value={<Money amount={s.actual} />}
            hint={t('budget.ofPlan', { percent: formatNumber(s.percentage) })}
          />
          {/* Remaining is planned - actual, the same figure the API calls variance: shown once. */}
          <StatCard
            className="col-span-2 lg:col-span-1"
            label={s.remaining < 0 ? t('budget.overBy') : t('budget.remaining')}
            value={<Money amount={Math.abs(s.remaining)} className={s.remaining < 0 ? 'text-red-700' : 'text-brand-700'} />}
            hint={s.remaining < 0 ? t('budget.overHint') : t('budget.remainingHint')}
          />
        </div>
      )}
      {(s.planned > 0 || s.actual > 0) && (
        <div className="grid gap-6 lg:grid-cols-5">
          {s.planned > 0 && (
            <Card title={t('budget.overview')} className="lg:col-span-2">
              <BudgetDonut total={s.planned} spent={s.actual} figures={false} />
            </Card>
          )}
          <Card title={t('budget.byCategory')} className={s.planned > 0 ? 'lg:col-span-3' : 'lg:col-span-5'}>
            <BudgetByCategory lines={s.categories} />
          </Card>
        </div>
      )}
    </>
  );
}
