import { formatNumber } from '@shambasoko/shared';
import { isPendingId } from '@shambasoko/shared/offline';
import { Button, Card } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { formatDate } from '../../lib/format';
import { useT } from '../../lib/i18n-records';
import { useDeleteHarvest } from './api/delete-harvest';
import { useHarvests } from './api/get-harvests';
import { HarvestFormDialog } from '../../components/dialogs';

const amount = (n: number) => formatNumber(n, { maximumFractionDigits: 1 });

/** A crop's harvests and its yield per acre and hectare against the expected; the field team records them. */
export function HarvestsSection({ cropId, farmId, canRecord }: { cropId: string; farmId: string; canRecord: boolean }) {
  const t = useT();
  const { data } = useHarvests(cropId);
  const remove = useDeleteHarvest();
  const [adding, setAdding] = useState(false);
  const y = data?.yield;
  return (
    <Card title={t('harvests.title')} actions={canRecord && <Button onClick={() => setAdding(true)}>{t('harvests.add')}</Button>}>
      {y && (
        <div data-testid="crop-yield" className="mb-3 rounded-md bg-emerald-50 p-3 text-sm text-stone-800">
          <p className="font-medium">{t('harvests.total', { kg: amount(y.harvestedKg) })}</p>
          <p>{t('harvests.perAcre', { kg: amount(y.kgPerAcre) })}</p>
          <p>{t('harvests.perHectare', { kg: amount(y.kgPerHectare) })}</p>
          <p>
            {y.expectedKgPerAcre === null
              ? t('harvests.noExpected')
              : t('harvests.expected', { kg: amount(y.expectedKgPerAcre), percent: String(y.percentOfExpected ?? 0) })}
          </p>
        </div>
      )}
      {data && data.items.length === 0 && <p className="text-sm text-stone-600">{t('harvests.empty')}</p>}
      <ul aria-label={t('harvests.title')} className="flex flex-col divide-y divide-stone-200">
        {data?.items.map((h) => (
          <li key={h.id} className="flex items-center justify-between gap-2 py-2 text-sm">
            <div>
              <p className="font-medium text-stone-900">{formatDate(h.date)}</p>
              <p className="text-stone-700">
                {t('harvests.row', { quantity: amount(h.quantity), unit: t(`unit.${h.unit}`), kg: amount(h.kg) })}
                {' · '}
                {t(`destination.${h.destination}`)}
                {h.grade ? ` · ${h.grade}` : ''}
              </p>
              {isPendingId(h.id) && <p className="text-xs text-amber-700">{t('harvests.waiting')}</p>}
            </div>
            {canRecord && !isPendingId(h.id) && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => remove.mutate(h.id)}
                aria-label={t('harvests.delete', { date: formatDate(h.date) })}
              >
                {t('common.delete')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {adding && <HarvestFormDialog cropId={cropId} farmId={farmId} onClose={() => setAdding(false)} />}
    </Card>
  );
}
