import { cx } from './cx';

/** The one ShambaSoko mark on every layout: the "S" tile and the wordmark. */
export function Logo({ className, tileClassName, compact = false }: { className?: string; tileClassName?: string; compact?: boolean }) {
  return (
    <span className={cx('flex items-center gap-2 font-bold', className)}>
      <span aria-hidden="true" className={cx('grid size-8 shrink-0 place-items-center rounded-lg bg-brand-600 text-white', tileClassName)}>
        S
      </span>
      {/* compact: the tile alone on phones, where the header also carries cart, bell and avatar; still read out */}
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>ShambaSoko</span>
    </span>
  );
}
