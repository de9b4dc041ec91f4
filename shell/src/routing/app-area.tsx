import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { RemoteDispatcher } from './dispatcher';

/** Everything but the landing page: remote pages with the server-data cache around them. */
export default function AppArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <RemoteDispatcher />
    </QueryClientProvider>
  );
}
