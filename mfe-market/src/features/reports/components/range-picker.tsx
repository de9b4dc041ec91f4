import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { translateMessageText } from '@shambasoko/shared';
import { REPORT_PRESETS, reportQuerySchema } from '@shambasoko/shared/contracts';
import { Button, TextField } from '@shambasoko/shared/ui';
import { cx } from '../../../lib/cx';
import { useT } from '../../../lib/i18n-reports';
import type { RangeChoice, ReportDates } from '../report-range';

type Props = {
  choice: RangeChoice;
  dates: ReportDates;
  onPreset: (preset: (typeof REPORT_PRESETS)[number]) => void;
  onDates: (dates: ReportDates) => void;
};

/** The custom dates: the contract's schema checks them here as the API will (order, at most 3 years). */
function CustomDates({ dates, onDates }: Pick<Props, 'dates' | 'onDates'>) {
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

/** Presets as a row of toggle buttons (they wrap on a phone), and Custom opens two date fields. */
export function RangePicker({ choice, dates, onPreset, onDates }: Props) {
  const t = useT();
  const [custom, setCustom] = useState(choice === 'custom');
  const pill = (pressed: boolean) =>
    cx(
      'min-h-11 rounded-full border px-4 text-sm font-medium',
      pressed ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-stone-300 bg-white text-stone-800',
    );
  return (
    <section aria-label={t('range.label')} className="mb-4">
      <div role="group" aria-label={t('range.label')} className="flex flex-wrap gap-2">
        {REPORT_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={!custom && choice === preset}
            className={pill(!custom && choice === preset)}
            onClick={() => {
              setCustom(false);
              onPreset(preset);
            }}
          >
            {t(`range.${preset}`)}
          </button>
        ))}
        <button type="button" aria-pressed={custom} className={pill(custom)} onClick={() => setCustom(true)}>
          {t('range.custom')}
        </button>
      </div>
      {custom ? <CustomDates dates={dates} onDates={onDates} /> : null}
      <p className="mt-2 text-sm text-stone-600">{t('range.showing', { from: dates.from, to: dates.to })}</p>
    </section>
  );
}
