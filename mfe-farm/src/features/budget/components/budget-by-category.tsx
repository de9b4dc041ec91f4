import type { BudgetCategoryLine } from '@shambasoko/contracts';
import { formatKES, formatNumber } from '@shambasoko/shared';
import { Meter } from '../../../components/meter';
import { budgetLevel, LEVEL_TEXT } from '../../../components/budget-donut';
import { useT, valueLabel } from '../../../lib/i18n-work';
import { useT as useBudgetT } from '../../../lib/i18n-budget';

const TEXT = { ok: 'text-stone-600', near: 'font-semibold text-amber-800', over: 'font-semibold text-red-700' } as const;

/**
 * Budget by category: green, amber from 80% of the plan, red from 100%, each with its words. The bar
 * stops at 100% of its track; the figures show how far a category went over. A category with spending
 * but no budget has nothing to be over: its spending alone, and "No budget set" (it once read
 * "Over budget by" in red before any budget existed).
 */
export function BudgetByCategory({ lines }: { lines: readonly BudgetCategoryLine[] }) {
  const t = useT();
  const budgetT = useBudgetT();
  const shown = lines.filter((l) => l.planned > 0 || l.actual > 0);
  if (shown.length === 0) return <p className="py-6 text-center text-sm text-stone-500">{budgetT('budget.category.empty')}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {shown.map((line) => {
        const name = valueLabel(t, 'category', line.name);
        if (line.planned <= 0) {
          return (
            <li key={line.name} data-testid={`category-${line.name}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium text-stone-900">{name}</span>
                <span className="text-stone-700 tabular-nums">
                  {budgetT('budget.category.spentOnly', { actual: formatKES(line.actual) })}
                </span>
              </div>
              <p className="mt-1 text-xs text-stone-500" data-testid={`level-${line.name}`}>
                {budgetT('budget.category.noBudget')}
              </p>
            </li>
          );
        }
        const over = line.actual > line.planned;
        const pct = line.percentage;
        const level = budgetLevel(pct);
        const share = budgetT('budget.category.percent', { percent: formatNumber(pct) });
        return (
          <li key={line.name} data-testid={`category-${line.name}`}>
            <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium text-stone-900">{name}</span>
              <span className={`tabular-nums ${TEXT[level]}`}>
                {budgetT('budget.category.figures', { actual: formatKES(line.actual), planned: formatKES(line.planned), share })}
              </span>
            </div>
            <Meter percent={pct} danger={level === 'over'} warn={level === 'near'} label={budgetT('budget.category.meter', { name })} />
            <p className={`mt-1 text-xs ${TEXT[level]}`} data-testid={`level-${line.name}`}>
              {over ? budgetT('budget.category.overBy', { amount: formatKES(line.actual - line.planned) }) : LEVEL_TEXT[level]}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
