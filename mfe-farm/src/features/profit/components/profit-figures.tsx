import { formatKES } from '@shambasoko/shared';
import { useT } from '../../../lib/i18n-records';

/** Income, costs, profit and profit per acre: four figures that fit a 412 px row as a 2 × 2 grid. */
export function ProfitFigures({ line }: { line: { income: number; costs: number; profit: number; profitPerAcre: number | null } }) {
  const t = useT();
  const figures = [
    [t('report.income'), formatKES(line.income)],
    [t('report.costs'), formatKES(line.costs)],
    [t('report.profit'), formatKES(line.profit)],
    [t('report.perAcre'), line.profitPerAcre === null ? '–' : formatKES(line.profitPerAcre)],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
      {figures.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-stone-600">{label}</dt>
          <dd className={value.startsWith('-') ? 'font-semibold text-red-700' : 'font-semibold text-stone-900'}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
