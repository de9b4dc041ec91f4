import { lazy, Suspense } from 'react';
import { useToasts } from './toasts';

// The market's toast list lives in its frame (toaster.tsx, in the market-frame chunk). The dashboard's
// pages (an order, the seller's sales) raise toasts too, and there is no frame around them: this shows
// the list there, its code loaded with the first toast, so a confirmation is seen where it was earned.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function DashboardToasts() {
  const raised = useToasts((s) => s.toasts.length > 0);
  if (!raised) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
