import { useId, type ReactNode } from 'react';
import { cx } from './cx';

export type CardProps = {
  title?: ReactNode;
  /** Buttons or links shown at the right of the title bar. */
  actions?: ReactNode;
  /** Heading level of the title; h2 by default. */
  titleAs?: 'h2' | 'h3' | 'h4';
  /** Removes the body padding, e.g. for a table that runs edge to edge. */
  flush?: boolean;
  className?: string;
  children?: ReactNode;
};

/** A white panel. With a title it is a <section> named by that title. */
export function Card({ title, actions, titleAs: Heading = 'h2', flush = false, className, children }: CardProps) {
  const titleId = useId();
  const hasHeader = Boolean(title) || Boolean(actions);
  const Root = title ? 'section' : 'div';
  return (
    <Root aria-labelledby={title ? titleId : undefined} className={cx('rounded-xl border border-stone-200 bg-white shadow-sm', className)}>
      {hasHeader && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 px-4 py-3">
          {title ? (
            <Heading id={titleId} className="text-base font-semibold text-stone-900">
              {title}
            </Heading>
          ) : (
            <span />
          )}
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      )}
      {children !== undefined && children !== null && <div className={flush ? undefined : 'p-4'}>{children}</div>}
    </Root>
  );
}

export type StatCardProps = {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  /** A decorative icon (hidden from screen readers). */
  icon?: ReactNode;
  className?: string;
};

/** A summary figure, e.g. "Active fields: 12". */
export function StatCard({ label, value, hint, icon, className }: StatCardProps) {
  return (
    <div className={cx('flex items-start gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm', className)}>
      <dl className="min-w-0 flex-1">
        <dt className="text-sm text-stone-500">{label}</dt>
        <dd className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums">{value}</dd>
        {hint && <dd className="mt-1 text-xs text-stone-500">{hint}</dd>}
      </dl>
      {icon && (
        <span
          aria-hidden="true"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-xl text-brand-700"
        >
          {icon}
        </span>
      )}
    </div>
  );
}
