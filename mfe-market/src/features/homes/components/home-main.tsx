import type { ReactNode } from 'react';

/** The frame of a home page (the dashboard layout leaves padding to its pages). */
export function HomeMain({ children }: { children: ReactNode }) {
  return <main className="mx-auto max-w-6xl p-4 pb-24 sm:p-6 sm:pb-24">{children}</main>;
}

/** The grey placeholder while the home's answer loads. */
export function HomeLoading() {
  return <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-stone-200" />;
}
