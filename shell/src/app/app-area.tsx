import { useEffect } from 'react';
import { isSignedIn, useSession } from '@shambasoko/shared';
import { Route, Routes } from 'react-router-dom';
import { AdminRemotesRoute } from './admin-route';
import { ManagementRoute } from './management-route';
import { RemoteDispatcher } from './dispatcher';
import { hasRememberedLanguage } from '../layout/profile-language';

// For the head start, which starts the query cache and frames as soon as it knows the page needs them.
export { frameCode, needsServerData, serverDataCode } from './server-data';

/**
 * Everything but the landing page: the shell's own console and remote pages. The server-data cache
 * is not here: it loads with the pages that read it (server-data.tsx), so sign-in does without it.
 */
export default function AppArea() {
  const signedIn = useSession(isSignedIn);
  useEffect(() => {
    if (signedIn && !hasRememberedLanguage())
      void import('../layout/profile-language').then((m) => m.applyProfileLanguage()).catch(() => undefined);
  }, [signedIn]);
  return (
    <Routes>
      <Route path="/admin/remotes" element={<AdminRemotesRoute />} />
      <Route path="/admin" element={<ManagementRoute page="overview" />} />
      <Route path="/admin/accounts" element={<ManagementRoute page="accounts" />} />
      <Route path="/admin/products" element={<ManagementRoute page="products" />} />
      <Route path="/admin/reconciliation" element={<ManagementRoute page="reconciliation" />} />

      <Route path="/admin/disputes" element={<ManagementRoute page="disputes" />} />
      <Route path="/admin/message-reports" element={<ManagementRoute page="message-reports" />} />
      <Route path="/admin/integrations" element={<ManagementRoute page="integrations" />} />
      <Route path="*" element={<RemoteDispatcher />} />
    </Routes>
  );
}
