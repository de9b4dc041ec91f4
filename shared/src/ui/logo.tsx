import { cx } from './cx';

/** The one ShambaSoko mark on every layout: the "S" tile and the wordmark. */
export function Logo({ className, tileClassName }: { className?: string; tileClassName?: string }) {
  return (
    <span className={cx('flex items-center gap-2 font-bold', className)}>
      <span aria-hidden="true" className={cx('grid size-8 shrink-0 place-items-center rounded-lg bg-brand-600 text-white', tileClassName)}>
        S
      </span>
      ShambaSoko
    </span>
  );
}
