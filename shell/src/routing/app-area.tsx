import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isSignedIn, useSession } from '@shambasoko/shared';
import { Route, Routes } from 'react-router-dom';
import { FrameSlotsProvider, type FrameSlots } from '@shambasoko/shared/ui';
import { AccountMenu } from '../layout/account-menu';
import { NotificationsBell } from '../layout/notifications-bell';
import { AdminRemotesRoute } from '../admin/admin-route';
import { queryClient } from '../query-client';
import { RemoteDispatcher } from './dispatcher';
import { applyProfileLanguage } from '../layout/save-language';

// The shell's signed-in controls, lent to remotes whose layout draws its own header (the market's).
const FRAME_SLOTS: FrameSlots = { bell: NotificationsBell, account: AccountMenu };

/** Everything but the landing page: the shell's own console and remote pages, with the server-data cache around them. */
export default function AppArea() {
  const signedIn = useSession(isSignedIn);
  useEffect(() => {
    if (signedIn) void applyProfileLanguage().catch(() => undefined);
  }, [signedIn]);
  return (
    <QueryClientProvider client={queryClient}>
      <FrameSlotsProvider value={FRAME_SLOTS}>
        <Routes>
          <Route path="/admin/remotes" element={<AdminRemotesRoute />} />
          <Route path="*" element={<RemoteDispatcher />} />
        </Routes>
      </FrameSlotsProvider>
    </QueryClientProvider>
  );
}
