import type { CreateIncomeInput } from '@shambasoko/contracts';
import { HARVEST_UNITS, INCOME_PAYMENT_METHODS, createIncomeBody } from '@shambasoko/contracts';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { FormDialog } from '../../../components/form-dialog';
import { todayISO } from '../../../lib/format';
import { useContractForm, wholeShillings } from '../../../lib/form';
import { useT } from '../../../lib/i18n-records';
import { useCreateIncome } from '../api/create-income';

type Values = { date: string; buyer: string; quantity: string; unit: string; pricePerUnit: string; total: string; paymentMethod: string };

const schema = createIncomeBody.extend({
  pricePerUnit: wholeShillings(createIncomeBody.shape.pricePerUnit),
  total: wholeShillings(createIncomeBody.shape.total),
});

/** A sale made off the platform: buyer, quantity, unit, price per unit, total (or quantity × price), date, how paid. */
export function IncomeFormDialog({ cropId, onClose }: { cropId: string; onClose: () => void }) {
  const t = useT();
  const create = useCreateIncome(cropId);
  const form = useContractForm<Values, CreateIncomeInput>({
    schema,
    labels: {
      date: t('harvests.date'),
      buyer: t('income.buyer'),
      quantity: t('harvests.quantity'),
      unit: t('harvests.unit'),
      pricePerUnit: t('income.pricePerUnit'),
      total: t('income.total'),
      paymentMethod: t('income.method'),
    },
    numbers: ['quantity', 'pricePerUnit', 'total'],
    defaultValues: { date: todayISO(), buyer: '', quantity: '', unit: 'bag_90kg', pricePerUnit: '', total: '', paymentMethod: 'mpesa' },
  });
  const submit = form.handleSubmit((body) => create.mutate(body, { onSuccess: onClose }));
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('income.addTitle')}
      submitLabel={t('income.add')}
      mutation={create}
      onSubmit={() => void submit()}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('harvests.date')} required type="date" {...form.field('date')} />
        <TextField label={t('income.buyer')} {...form.field('buyer')} />
        <TextField
          label={t('harvests.quantity')}
          required
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          {...form.field('quantity')}
        />
        <SelectField
          label={t('harvests.unit')}
          required
          {...form.field('unit')}
          options={HARVEST_UNITS.map((u) => ({ value: u, label: t(`unit.${u}`) }))}
        />
        <TextField label={t('income.pricePerUnit')} required type="number" inputMode="numeric" min={0} {...form.field('pricePerUnit')} />
        <TextField
          label={t('income.total')}
          hint={t('income.totalHint')}
          type="number"
          inputMode="numeric"
          min={0}
          {...form.field('total')}
        />
        <SelectField
          label={t('income.method')}
          required
          {...form.field('paymentMethod')}
          options={INCOME_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payment.${m}`) }))}
        />
      </div>
    </FormDialog>
  );
}
