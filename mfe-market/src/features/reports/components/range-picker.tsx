import { useState } from 'react';
import { REPORT_PRESETS } from '@shambasoko/contracts';
import { cx } from '../../../lib/cx';
import { useT } from '../../../lib/i18n-reports';
import type { RangeChoice, ReportDates } from '../report-range';
import { lazyDialog } from '@shambasoko/shared/ui/lazy-dialog';

// The custom dates' form and the contract's schema load when Custom is chosen.
const CustomDates = lazyDialog(() => import('./custom-dates').then((m) => m.CustomDates));

export type RangeProps = {
  choice: RangeChoice;
  dates: ReportDates;
  onPreset: (preset: (typeof REPORT_PRESETS)[number]) => void;
  onDates: (dates: ReportDates) => void;
};

/** Presets as a row of toggle buttons (they wrap on a phone), and Custom opens two date fields. */
export function RangePicker({ choice, dates, onPreset, onDates }: RangeProps) {
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
