import type { CropDistributionEntry } from '@shambasoko/contracts';
import { Meter } from '../../components/meter';
import { Area } from '../../lib/area';
import { useT } from '../../lib/i18n-dashboard';

/** Crop Distribution: each crop's share of the planted area as a bar. */
export function CropDistribution({ entries }: { entries: readonly CropDistributionEntry[] }) {
  const t = useT();
  if (entries.length === 0) return <p className="py-6 text-center text-sm text-stone-500">{t('dashboard.noCrops')}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {entries.map((e) => (
        <li key={e.name}>
          <div className="mb-1 flex justify-between gap-3 text-sm">
            <span className="font-medium text-stone-900">{e.name}</span>
            <span className="text-stone-600 tabular-nums">
              <Area hectares={e.area} /> · {e.percentage}%
            </span>
          </div>
          <Meter percent={e.percentage} label={t('dashboard.cropShare', { name: e.name })} />
        </li>
      ))}
    </ul>
  );
}
