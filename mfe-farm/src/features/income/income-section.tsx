import { formatKES } from '@shambasoko/shared';
import { orderNumber } from '@shambasoko/contracts/payment-values';
import { Button, Card } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { formatDate } from '../../lib/format';
import { useT } from '../../lib/i18n-records';
import { useDeleteIncome } from './api/delete-income';
import { useIncome } from './api/get-income';
import { IncomeFormDialog } from '../../components/dialogs';

/** What a crop earned: its paid sales on ShambaSoko and the sales recorded by hand. Money roles only. */
export function IncomeSection({ cropId, canRecord }: { cropId: string; canRecord: boolean }) {
  const t = useT();
  const { data } = useIncome(cropId);
  const remove = useDeleteIncome();
  const [adding, setAdding] = useState(false);
  return (
    <Card title={t('income.title')} actions={canRecord && <Button onClick={() => setAdding(true)}>{t('income.add')}</Button>}>
      {data && (
        <p data-testid="crop-income-total" className="mb-3 font-medium text-stone-900">
          {t('income.totalAll', { amount: formatKES(data.total) })}
        </p>
      )}
      {data && data.manual.length + data.market.length === 0 && <p className="text-sm text-stone-600">{t('income.empty')}</p>}
      {data && data.market.length > 0 && (
        <>
          <h3 className="mt-2 text-sm font-semibold text-stone-700">{t('income.market')}</h3>
          <ul className="flex flex-col divide-y divide-stone-200">
            {data.market.map((s) => (
              <li key={`${s.orderNumber}-${s.product}`} className="flex justify-between gap-2 py-2 text-sm">
                <span>
                  {t('income.order', { number: orderNumber(s.orderNumber) })} · {formatDate(s.date)}
                </span>
                <span className="font-medium">{formatKES(s.total)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {data && data.manual.length > 0 && (
        <>
          <h3 className="mt-2 text-sm font-semibold text-stone-700">{t('income.manual')}</h3>
          <ul className="flex flex-col divide-y divide-stone-200">
            {data.manual.map((i) => (
              <li key={i.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {formatDate(i.date)}
                  {i.buyer ? ` · ${i.buyer}` : ''} · {t(`payment.${i.paymentMethod}`)}
                </span>
                <span className="flex items-center gap-2">
                  <span className="font-medium">{formatKES(i.total)}</span>
                  {canRecord && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => remove.mutate(i.id)}
                      aria-label={t('income.delete', { date: formatDate(i.date) })}
                    >
                      {t('common.delete')}
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {adding && <IncomeFormDialog cropId={cropId} onClose={() => setAdding(false)} />}
    </Card>
  );
}
