// The page's server-data chunk (server-data.tsx loads it): the query cache, the header controls that
// read it and the frames they sit in, composed here so they travel together.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FrameSlotsProvider, type FrameSlots } from '@shambasoko/shared/ui';
import { AccountMenu } from '../layout/account-menu';
import { DashboardLayout } from '../layout/dashboard-layout';
import { NotificationsBell } from '../layout/notifications-bell';
import { PublicFrame } from '../layout/public-frame';
import { queryClient } from '../lib/query-client';

// The cache itself, for the offline support a visit to a dashboard page starts with it (head start).
export { queryClient };

// The shell's signed-in controls, lent to remotes whose layout draws its own header (the market's).
const FRAME_SLOTS: FrameSlots = { bell: NotificationsBell, account: AccountMenu };

/** One of the shell's two frames: both show the cart and, signed in, the bell, so they come with the cache. */
export function Frame({ kind, children }: { kind: 'dashboard' | 'public'; children: ReactNode }) {
  return kind === 'dashboard' ? <DashboardLayout>{children}</DashboardLayout> : <PublicFrame>{children}</PublicFrame>;
}

/** The page's one query cache, with the header controls that read it (see server-data.tsx). */
export function ServerDataProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <FrameSlotsProvider value={FRAME_SLOTS}>{children}</FrameSlotsProvider>
    </QueryClientProvider>
  );
}
