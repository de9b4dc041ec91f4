import type { ComponentPropsWithoutRef } from 'react';
import { PlusIcon } from './icons';

/**
 * The floating add button of the spec's list screens, labelled like every list page's ("Add New
 * Farm"), above the bottom safe area on phones. A role that may not add gets no button at all: a
 * greyed floating + only says "not you" without saying why, and the header already does.
 */
export function AddFab({ label, ...rest }: ComponentPropsWithoutRef<'button'> & { label: string }) {
  if (rest.disabled) return null;
  return (
    <button
      type="button"
      {...rest}
      className="fixed right-4 bottom-4 z-20 inline-flex min-h-14 items-center gap-2 rounded-full bg-brand-600 px-5 text-base font-semibold text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:right-8 sm:bottom-8"
    >
      <PlusIcon />
      {label}
    </button>
  );
}
