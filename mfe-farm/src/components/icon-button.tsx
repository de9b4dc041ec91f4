import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../lib/cx';

type Props = Omit<ComponentPropsWithRef<'button'>, 'children'> & { label: string; icon: ReactNode; tone?: 'neutral' | 'danger' };

/** A row action: icon only, so the label is its accessible name (and its tooltip). */
export function IconButton({ label, icon, tone = 'neutral', className, title, ...rest }: Props) {
  return (
    <button
      type="button"
      aria-label={label}
      title={title ?? label}
      {...rest}
      className={cx(
        'inline-flex size-10 items-center justify-center rounded-lg text-lg focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40',
        tone === 'danger' ? 'text-red-700 hover:bg-red-50' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
        className,
      )}
    >
      {icon}
    </button>
  );
}

export function RowActions({ children }: { children: ReactNode }) {
  return <div className="-my-2 flex items-center gap-1">{children}</div>;
}
