import { lazy } from 'react';
import { useDocumentTitle } from '../../lib/page-meta';
import { useT } from './i18n';

// Each page its own chunk: only an Admin opening Management downloads it (and react-hook-form).
const PAGES = {
  overview: lazy(() => import('./overview-page')),
  accounts: lazy(() => import('./accounts-page')),
  products: lazy(() => import('./products-page')),
  reconciliation: lazy(() => import('./reconciliation-page')),

  disputes: lazy(() => import('./disputes-page')),
  'message-reports': lazy(() => import('./message-reports-page')),
  integrations: lazy(() => import('./integrations-page')),
};
export type ManagementPage = keyof typeof PAGES;

/** A Management page under its title; loaded lazily by the route, so these words never ride with the frame. */
export default function Titled({ page }: { page: ManagementPage }) {
  const t = useT();
  useDocumentTitle(t(`title.${page}`));
  const Page = PAGES[page];
  return <Page />;
}
