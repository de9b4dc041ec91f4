import { formatNumber } from '@shambasoko/shared';
import { Card } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n-records';
import { useFarmYields } from '../api/get-farm-yields';

const kg = (n: number) => formatNumber(n, { maximumFractionDigits: 1 });

/** Each field's and season's harvest per acre against what its crops were expected to give; for every member. */
export function FarmYieldsCard({ farmId, seasonId }: { farmId: string; seasonId: string | undefined }) {
  const t = useT();
  const { data } = useFarmYields(farmId, seasonId);
  if (!data || data.fields.length === 0) return null;
  const rows = [
    ...data.fields.map((f) => ({ key: `f-${f.fieldId}`, name: f.fieldName, line: f })),
    ...data.seasons.map((s) => ({ key: `s-${s.seasonId}`, name: s.seasonName, line: s })),
  ];
  return (
    <Card title={t('yields.title')}>
      <ul className="flex flex-col divide-y divide-stone-200" data-testid="farm-yields">
        {rows.map(({ key, name, line }) => (
          <li key={key} className="flex flex-col py-2 text-sm">
            <span className="font-medium text-stone-900">{name}</span>
            <span className="text-stone-700">
              {t('harvests.perAcre', { kg: kg(line.kgPerAcre) })}
              {line.percentOfExpected === null ? '' : ` · ${t('yields.ofExpected', { percent: String(line.percentOfExpected) })}`}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
