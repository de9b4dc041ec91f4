import type { ComponentPropsWithRef } from 'react';
import { PlusIcon } from './icons';

/** The floating + button of the spec's list screens; above the bottom safe area on phones. */
export function AddFab({ label, ...rest }: ComponentPropsWithRef<'button'> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={rest.title ?? label}
      {...rest}
      className="fixed right-5 bottom-5 z-20 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-3xl text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-stone-400 sm:right-8 sm:bottom-8"
    >
      <PlusIcon />
    </button>
  );
}
