import { formatKES } from '@shambasoko/shared';
import { t as translate, useT } from '../lib/i18n';

const R = 40;
const C = 2 * Math.PI * R;

/** Share of the budget spent, as a whole-number percentage that may exceed 100. */
export function spentPercent(total: number, spent: number): number {
  if (total <= 0) return spent > 0 ? 100 : 0;
  return Math.round((spent / total) * 1000) / 10;
}

export type BudgetLevel = 'ok' | 'near' | 'over';

/** Green below 80% of the plan, amber from 80%, red from 100%: the thresholds. */
export function budgetLevel(percent: number): BudgetLevel {
  if (percent >= 100) return 'over';
  return percent >= 80 ? 'near' : 'ok';
}

/** Words for each level, so colour is never the only signal. */
export const LEVEL_TEXT: Readonly<Record<BudgetLevel, string>> = {
  // Getters, so each read is in the language of the moment.
  get ok() {
    return translate('budget.ok');
  },
  get near() {
    return translate('budget.near');
  },
  get over() {
    return translate('budget.over');
  },
};

const RING: Record<BudgetLevel, string> = { ok: 'stroke-brand-600', near: 'stroke-amber-500', over: 'stroke-red-600' };
const DOT: Record<BudgetLevel, string> = { ok: 'bg-brand-600', near: 'bg-amber-500', over: 'bg-red-600' };

/** One legend line of the ring: a dot of its colour, the name and the amount (red below zero). */
function Figure({ dot, label, amount, testId }: { dot: string; label: string; amount: number; testId: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="flex items-center gap-2 whitespace-nowrap text-stone-600">
        <span aria-hidden="true" className={`size-3 rounded-full ${dot}`} />
        {label}
      </dt>
      <dd className={`font-semibold tabular-nums ${amount < 0 ? 'text-red-700' : ''}`} data-testid={testId}>
        {formatKES(amount)}
      </dd>
    </div>
  );
}

/**
 * The Budget Overview ring: the spent share of the total as an arc. The arc stops at a full ring,
 * the figure in the middle does not, and the ring turns amber from 80% and red from 100%. `figures` off leaves the amounts to the page's own cards.
 */
export function BudgetDonut({ total, spent, label, figures = true }: { total: number; spent: number; label?: string; figures?: boolean }) {
  const t = useT();
  const caption = label ?? t('budget.used');
  const pct = spentPercent(total, spent);
  // Without a budget there is no share to draw: spending alone is not "100% used".
  const planned = total > 0;
  const over = spent > total && planned;
  const level = planned ? budgetLevel(pct) : 'ok';
  const arc = planned ? (Math.min(pct, 100) / 100) * C : 0;
  const remaining = total - spent;
  return (
    // Stacked unless its card is wide enough: the same ring sits in a third of the dashboard and in the budget page.
    <div className="@container">
      <div className="flex flex-col items-center gap-4 @md:flex-row @md:gap-6">
        {/* A div: a figure may not take the img role the ring needs (Lighthouse's aria-allowed-role). */}
        <div
          className="relative size-40 shrink-0"
          aria-label={planned ? t('budget.ring', { label: caption, percent: pct }) : t('budget.none')}
          role="img"
        >
          <svg viewBox="0 0 100 100" className="size-full -rotate-90">
            <circle cx="50" cy="50" r={R} fill="none" strokeWidth="12" className="stroke-stone-200" />
            <circle
              cx="50"
              cy="50"
              r={R}
              fill="none"
              strokeWidth="12"
              strokeLinecap={arc > 0 ? 'round' : 'butt'}
              strokeDasharray={`${arc} ${C}`}
              className={RING[level]}
            />
          </svg>
          <div className="absolute inset-0 flex flex-col items-center justify-center">
            <span className={`text-2xl font-semibold tabular-nums ${over ? 'text-red-700' : 'text-stone-900'}`} data-testid="donut-percent">
              {planned ? `${pct}%` : '—'}
            </span>
            <span className="text-xs text-stone-500">{planned ? caption : t('budget.none')}</span>
            {planned && (
              <span className="text-xs font-medium text-stone-700" data-testid="donut-level">
                {LEVEL_TEXT[level]}
              </span>
            )}
          </div>
        </div>
        {figures && (
          <dl className="grid w-full grid-cols-1 gap-2 text-sm">
            <Figure dot="bg-stone-300" label={t('budget.total')} amount={total} testId="budget-total" />
            <Figure dot={DOT[level]} label={t('budget.spent')} amount={spent} testId="budget-spent" />
            <Figure dot="bg-brand-100" label={t('budget.remaining')} amount={remaining} testId="budget-remaining" />
          </dl>
        )}
      </div>
    </div>
  );
}
