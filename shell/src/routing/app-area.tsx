import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes } from 'react-router-dom';
import { AdminRemotesRoute } from '../admin/admin-route';
import { queryClient } from '../query-client';
import { RemoteDispatcher } from './dispatcher';

/** Everything but the landing page: the shell's own console and remote pages, with the server-data cache around them. */
export default function AppArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path="/admin/remotes" element={<AdminRemotesRoute />} />
        <Route path="*" element={<RemoteDispatcher />} />
      </Routes>
    </QueryClientProvider>
  );
}
