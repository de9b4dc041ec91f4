import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { translateMessageText } from '@shambasoko/shared';
import { reportQuerySchema } from '@shambasoko/contracts';
import { Button, TextField } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n-reports';
import type { RangeProps } from './range-picker';

/** The custom dates: the contract's schema checks them here as the API will (order, at most 3 years). */
export function CustomDates({ dates, onDates }: Pick<RangeProps, 'dates' | 'onDates'>) {
  const t = useT();
  const form = useForm({ resolver: zodResolver(reportQuerySchema), defaultValues: dates });
  const field = (name: 'from' | 'to', label: string) => {
    const message = form.formState.errors[name]?.message;
    return { ...form.register(name), label, error: message ? `${label} ${translateMessageText(message)}` : undefined };
  };
  return (
    <form
      noValidate
      className="mt-3 grid grid-cols-2 items-end gap-3 sm:flex"
      onSubmit={form.handleSubmit((picked) => onDates({ from: picked.from ?? dates.from, to: picked.to ?? dates.to }))}
    >
      <TextField {...field('from', t('range.from'))} type="date" required />
      <TextField {...field('to', t('range.to'))} type="date" required />
      <Button type="submit" className="col-span-2 min-h-11">
        {t('range.apply')}
      </Button>
    </form>
  );
}
