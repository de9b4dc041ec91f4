import type { ReactNode } from 'react';
import { cx } from './cx';
import { InboxIcon } from './icons';

export type EmptyStateProps = {
  title: ReactNode;
  message?: ReactNode;
  /** Usually a Button, e.g. "Add Field". */
  action?: ReactNode;
  /** Replaces the default inbox icon; pass null for none. */
  icon?: ReactNode;
  className?: string;
};

export function EmptyState({ title, message, action, icon, className }: EmptyStateProps) {
  return (
    <div className={cx('flex flex-col items-center gap-2 px-4 py-10 text-center', className)}>
      {icon !== null && (
        <span aria-hidden="true" className="mb-1 text-4xl text-stone-400">
          {icon ?? <InboxIcon />}
        </span>
      )}
      <p className="text-base font-semibold text-stone-800">{title}</p>
      {message && <p className="max-w-sm text-sm text-stone-500">{message}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
