import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { useUiTNow } from '@shambasoko/shared';
import type { RemoteRoutes } from '../remote-routes';
import { createQueryClient } from '../query';
import { RemoteScope } from './remote-scope';

function RoutesView({ routes }: { routes: RemoteRoutes }) {
  const t = useUiTNow();
  return useRoutes(routes) ?? <p className="p-8 text-stone-600">{t('standalone.noPage')}</p>;
}

/** Renders a remote's routes on their own, for developing a remote without the shell. */
export function StandaloneApp({ name, routes }: { name: string; routes: RemoteRoutes }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <RemoteScope name={name}>
          <RoutesView routes={routes} />
        </RemoteScope>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
