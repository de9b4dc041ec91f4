import type { ReactNode } from 'react';

/** The page frame every seller page shares (the dashboard layout leaves padding to its pages). */
export function SellerMain({ children }: { children: ReactNode }) {
  return <main className="mx-auto max-w-6xl p-4 pb-24 sm:p-6 sm:pb-24">{children}</main>;
}
