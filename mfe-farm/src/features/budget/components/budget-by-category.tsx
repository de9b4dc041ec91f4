import { formatKES, formatNumber, type BudgetCategoryLine } from '@shambasoko/shared';
import { Meter } from '../../../components/meter';
import { budgetLevel, LEVEL_TEXT } from '../../../components/budget-donut';
import { useT, valueLabel } from '../../../lib/i18n-work';

const TEXT = { ok: 'text-stone-600', near: 'font-semibold text-amber-800', over: 'font-semibold text-red-700' } as const;

/** Share of the plan spent; a category with spending but no plan counts as fully over. */
function linePercent(line: Pick<BudgetCategoryLine, 'planned' | 'actual' | 'percentage'>): number {
  if (line.planned > 0) return line.percentage;
  return line.actual > 0 ? 100 : 0;
}

/**
 * Budget by category: green, amber from 80% of the plan, red from 100%, each with its words. The bar
 * stops at 100% of its track; the figures show how far a category went over.
 */
export function BudgetByCategory({ lines }: { lines: readonly BudgetCategoryLine[] }) {
  const t = useT();
  const shown = lines.filter((l) => l.planned > 0 || l.actual > 0);
  if (shown.length === 0) return <p className="py-6 text-center text-sm text-stone-500">{t('budget.category.empty')}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {shown.map((line) => {
        const over = line.actual > line.planned;
        const pct = linePercent(line);
        const level = budgetLevel(pct);
        const name = valueLabel(t, 'category', line.name);
        const share = line.planned > 0 ? t('budget.category.percent', { percent: formatNumber(pct) }) : t('budget.category.noPlan');
        return (
          <li key={line.name} data-testid={`category-${line.name}`}>
            <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium text-stone-900">{name}</span>
              <span className={`tabular-nums ${TEXT[level]}`}>
                {t('budget.category.figures', { actual: formatKES(line.actual), planned: formatKES(line.planned), share })}
              </span>
            </div>
            <Meter percent={pct} danger={level === 'over'} warn={level === 'near'} label={t('budget.category.meter', { name })} />
            <p className={`mt-1 text-xs ${TEXT[level]}`} data-testid={`level-${line.name}`}>
              {over ? t('budget.category.overBy', { amount: formatKES(line.actual - line.planned) }) : LEVEL_TEXT[level]}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
