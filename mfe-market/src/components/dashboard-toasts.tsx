import { lazy, Suspense } from 'react';
import { ToastRegion } from './toast-region';
import { useToasts } from './toasts';

// The market's toast list lives in its frame (toaster.tsx, in the market-frame chunk). The dashboard's
// pages (an order, the seller's sales) raise toasts too, and there is no frame around them: this keeps
// the empty live region mounted from the start (so the first toast is announced) and loads the list's
// code (toast-items.tsx, outside the frame's chunk) with the first toast.
const ToastItems = lazy(() => import('./toast-items').then((m) => ({ default: m.ToastItems })));

export function DashboardToasts() {
  const raised = useToasts((s) => s.toasts.length > 0);
  return (
    <ToastRegion>
      {raised && (
        <Suspense fallback={null}>
          <ToastItems />
        </Suspense>
      )}
    </ToastRegion>
  );
}
