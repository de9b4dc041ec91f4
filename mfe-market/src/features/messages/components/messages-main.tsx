import type { ReactNode } from 'react';

/** The frame of the messages pages: the page's one <main>, narrow and padded as the other dashboard pages are. */
export function MessagesMain({ children }: { children: ReactNode }) {
  return <main className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 pb-24 sm:p-6 sm:pb-24">{children}</main>;
}
