// The page's server-data chunk (server-data.tsx loads it): the query cache and the header controls that
// read it, composed here so they travel together. The two frames they sit in are chunks of their own
// (server-data.tsx: frameCode): the market's pages draw their own header and take neither.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FrameSlotsProvider, type FrameSlots } from '@shambasoko/shared/ui';
import { AccountMenu } from '../layout/account-menu';
import { NotificationsBell } from '../layout/notifications-bell';
import { queryClient } from '../lib/query-client';

// The cache itself, for the offline support a visit to a dashboard page starts with it (head start).
export { queryClient };

// The shell's signed-in controls, lent to remotes whose layout draws its own header (the market's).
const FRAME_SLOTS: FrameSlots = { bell: NotificationsBell, account: AccountMenu };

/** The page's one query cache, with the header controls that read it (see server-data.tsx). */
export function ServerDataProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <FrameSlotsProvider value={FRAME_SLOTS}>{children}</FrameSlotsProvider>
    </QueryClientProvider>
  );
}
