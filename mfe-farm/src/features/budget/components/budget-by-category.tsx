import { formatKES, type BudgetCategoryLine } from '@shambasoko/shared';
import { Meter } from '../../../components/meter';

/** Share of the plan spent; a category with spending but no plan counts as fully over. */
function linePercent(line: Pick<BudgetCategoryLine, 'planned' | 'actual' | 'percentage'>): number {
  if (line.planned > 0) return line.percentage;
  return line.actual > 0 ? 100 : 0;
}

/**
 * Budget by category: the bar stops at 100% of its track, while the figures and the red colour show
 * how far a category went over its plan.
 */
export function BudgetByCategory({ lines }: { lines: readonly BudgetCategoryLine[] }) {
  const shown = lines.filter((l) => l.planned > 0 || l.actual > 0);
  if (shown.length === 0) return <p className="py-6 text-center text-sm text-stone-500">No budget or costs in these filters yet.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {shown.map((line) => {
        const over = line.actual > line.planned;
        const pct = linePercent(line);
        return (
          <li key={line.name} data-testid={`category-${line.name}`}>
            <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium text-stone-900">{line.name}</span>
              <span className={`tabular-nums ${over ? 'font-semibold text-red-700' : 'text-stone-600'}`}>
                {formatKES(line.actual)} of {formatKES(line.planned)} · {line.planned > 0 ? `${pct}%` : 'no plan'}
              </span>
            </div>
            <Meter percent={pct} danger={over} label={`${line.name} budget used`} />
            {over && <p className="mt-1 text-xs font-medium text-red-700">Over budget by {formatKES(line.actual - line.planned)}</p>}
          </li>
        );
      })}
    </ul>
  );
}
