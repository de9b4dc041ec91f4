import type { ReactNode } from 'react';
import { DashboardToasts } from '../../../components/dashboard-toasts';

/** The page frame every seller page shares (the dashboard layout leaves padding to its pages), with the toasts its actions raise. */
export function SellerMain({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto max-w-6xl p-4 pb-24 sm:p-6 sm:pb-24">
      {children}
      <DashboardToasts />
    </main>
  );
}
