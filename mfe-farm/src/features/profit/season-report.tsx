import { formatKES, formatNumber } from '@shambasoko/shared';
import { Card, ErrorState } from '@shambasoko/shared/ui';
import { PageSpinner } from '@shambasoko/shared';
import { errorMessage } from '../../lib/format';
import { useT } from '../../lib/i18n-records';
import { useProfit } from './api/get-profit';
import { ProfitFigures } from './components/profit-figures';

const kg = (n: number) => formatNumber(n, { maximumFractionDigits: 1 });

/** A season on one phone screen: the farm's totals, then each crop's income, costs, profit per acre and yield. */
export function SeasonReport({ farmId, seasonId }: { farmId: string; seasonId: string | undefined }) {
  const t = useT();
  const profit = useProfit(farmId, seasonId);
  if (profit.isPending) return <PageSpinner />;
  if (profit.isError) return <ErrorState message={errorMessage(profit.error)} onRetry={() => void profit.refetch()} />;
  const p = profit.data;
  return (
    <div className="flex flex-col gap-4" data-testid="season-report">
      <Card title={t('report.wholeFarm')}>
        <p className="mb-2 text-sm text-stone-600">{t('report.acres', { acres: String(p.farm.acres) })}</p>
        <ProfitFigures line={p.farm} />
        {p.unallocatedCosts > 0 && (
          <p className="mt-2 text-sm text-stone-600">{t('report.unallocated', { amount: formatKES(p.unallocatedCosts) })}</p>
        )}
      </Card>
      {p.crops.length === 0 && <p className="text-sm text-stone-600">{t('report.empty')}</p>}
      <ul className="flex flex-col gap-3" aria-label={t('report.title')}>
        {p.crops.map((c) => (
          <li key={c.cropId}>
            <Card title={`${c.cropName} · ${c.fieldName}`} titleAs="h3">
              <p className="mb-2 text-sm text-stone-600">
                {c.seasonName} · {t('report.acres', { acres: String(c.acres) })}
              </p>
              <ProfitFigures line={c} />
              <p className="mt-2 text-sm text-stone-800">
                {c.expectedKgPerAcre === null
                  ? t('report.yield', { kg: kg(c.kgPerAcre) })
                  : t('report.yieldVsExpected', {
                      kg: kg(c.kgPerAcre),
                      expected: kg(c.expectedKgPerAcre),
                      percent: String(c.percentOfExpected ?? 0),
                    })}
              </p>
            </Card>
          </li>
        ))}
      </ul>
      <p className="text-sm text-stone-600">{t('report.sharing')}</p>
    </div>
  );
}
