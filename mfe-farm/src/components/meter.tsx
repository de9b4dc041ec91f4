import { cx } from '../lib/cx';

/** A horizontal bar for a share; the bar caps at 100% of its track, the caller shows the real figure. */
export function Meter({
  percent,
  danger = false,
  warn = false,
  label,
}: {
  percent: number;
  danger?: boolean;
  warn?: boolean;
  label: string;
}) {
  const width = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      aria-valuetext={`${Math.round(percent * 10) / 10}%`}
      className="h-2.5 w-full overflow-hidden rounded-full bg-stone-200"
    >
      <div
        className={cx('h-full rounded-full', danger ? 'bg-red-600' : warn ? 'bg-amber-500' : 'bg-brand-600')}
        style={{ width: `${width}%` }}
      />
    </div>
  );
}
