import type { ReactNode } from 'react';

/**
 * Where toasts appear: top centre, above everything, announced politely. Mounted before the first toast
 * (a screen reader announces what is added to a live region that was already there, not a new region).
 * A live region without the status role: a page's own status line (a saved form, a copied link) stays
 * the one status on the page.
 */
export function ToastRegion({ children }: { children?: ReactNode }) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-[60] mx-auto flex w-full max-w-md flex-col gap-2 px-3">
      {children}
    </div>
  );
}
