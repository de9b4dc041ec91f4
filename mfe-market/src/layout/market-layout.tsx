import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Toaster } from '../components/toaster';
import { useT } from '../lib/i18n';
import { MarketHeader } from './market-header';

/** A new page starts at the top; filter and search changes on /market keep the scroll where it is. */
function useScrollToTopOnPageChange() {
  const { pathname, search } = useLocation();
  const page = pathname === '/market/item' ? pathname + search : pathname;
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page]);
}

/**
 * A visit that starts at /market asks for its products while the frame renders, not after the page
 * has rendered: React holds back revealing lazily loaded routes for up to 300 ms, and the page's own
 * queries would only start after that. Done once, in the first render (an effect would wait for
 * the held-back commit); prefetching is idempotent, and the page's queries find it in the cache.
 * The prefetch's code comes with the market page's, which such a visit loads with the layout
 * (routes.tsx): the other pages in this frame leave the catalog's code out of their first load.
 */
function usePrefetchOnArrival() {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  useState(() => {
    if (pathname === '/market')
      void import(/* webpackChunkName: "market-page" */ '../features/catalog/prefetch-market').then(
        (m) => m.prefetchMarketResults(queryClient, search),
        () => undefined,
      );
    return null;
  });
}

/** Frame of the public market pages (/market, /market/item, /cart, /checkout): they render without the dashboard. */
export default function MarketLayout() {
  const t = useT();
  useScrollToTopOnPageChange();
  usePrefetchOnArrival();
  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-stone-900">
      <MarketHeader />
      <div className="flex-1">
        <Outlet />
      </div>
      <footer className="border-t border-stone-200 bg-white py-6 text-center text-sm text-stone-500">
        {t('footer.text', { year: String(new Date().getFullYear()) })}
      </footer>
      <Toaster />
    </div>
  );
}
