import { lazy, Suspense } from 'react';
import { PageSpinner } from '@shambasoko/shared';
import { FrameSkeleton } from '@shambasoko/shared/ui';
import { useT } from '../features/management/i18n';
import { useDocumentTitle } from '../lib/page-meta';
import { RequireSession, useIdentityKeeper } from './require-session';
import { InFrame } from './server-data';

// Each page its own chunk: only an Admin opening Management downloads it (and react-hook-form).
const PAGES = {
  overview: lazy(() => import('../features/management/overview-page')),
  accounts: lazy(() => import('../features/management/accounts-page')),
  products: lazy(() => import('../features/management/products-page')),
};

function Titled({ page }: { page: keyof typeof PAGES }) {
  const t = useT();
  useDocumentTitle(t(`title.${page}`));
  const Page = PAGES[page];
  return <Page />;
}

/** /admin, /admin/accounts, /admin/products inside the dashboard layout; the API refuses anyone but an Admin. */
export function ManagementRoute({ page }: { page: keyof typeof PAGES }) {
  useIdentityKeeper();
  return (
    <RequireSession>
      <InFrame kind="dashboard" loading={<FrameSkeleton />}>
        <Suspense fallback={<PageSpinner />}>
          <Titled page={page} />
        </Suspense>
      </InFrame>
    </RequireSession>
  );
}
