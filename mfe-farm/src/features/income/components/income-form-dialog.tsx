import type { CreateIncomeInput } from '@shambasoko/contracts';
import { INCOME_PAYMENT_METHODS, createIncomeBody } from '@shambasoko/contracts';
import { RecordFormDialog, dateField, quantityFields } from '../../../components/record-form-dialog';
import { todayISO } from '../../../lib/format';
import { wholeShillings } from '../../../lib/form';
import { useT } from '../../../lib/i18n-records';
import { useCreateIncome } from '../api/create-income';

const schema = createIncomeBody.extend({
  pricePerUnit: wholeShillings(createIncomeBody.shape.pricePerUnit),
  total: wholeShillings(createIncomeBody.shape.total),
});

/** A sale made off the platform: buyer, quantity, unit, price per unit, total (or quantity × price), date, how paid. */
export function IncomeFormDialog({ cropId, onClose }: { cropId: string; onClose: () => void }) {
  const t = useT();
  return (
    <RecordFormDialog<keyof CreateIncomeInput & string, CreateIncomeInput>
      title={t('income.addTitle')}
      submitLabel={t('income.add')}
      schema={schema}
      mutation={useCreateIncome(cropId)}
      onClose={onClose}
      fields={[
        dateField(t),
        { kind: 'text', name: 'buyer', label: t('income.buyer') },
        ...quantityFields(t),
        { kind: 'number', name: 'pricePerUnit', label: t('income.pricePerUnit'), required: true },
        { kind: 'number', name: 'total', label: t('income.total'), hint: t('income.totalHint') },
        {
          kind: 'select',
          name: 'paymentMethod',
          label: t('income.method'),
          required: true,
          options: INCOME_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payment.${m}`) })),
        },
      ]}
      defaultValues={{ date: todayISO(), buyer: '', quantity: '', unit: 'bag_90kg', pricePerUnit: '', total: '', paymentMethod: 'mpesa' }}
    />
  );
}
