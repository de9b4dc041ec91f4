import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Toaster } from '../components/toaster';
import { MarketHeader } from './market-header';

/** A new page starts at the top; filter and search changes on /market keep the scroll where it is. */
function useScrollToTopOnPageChange() {
  const { pathname, search } = useLocation();
  const page = pathname === '/market/item' ? pathname + search : pathname;
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page]);
}

/** Frame of the public market pages (/market, /market/item, /cart, /checkout): they render without the dashboard. */
export default function MarketLayout() {
  useScrollToTopOnPageChange();
  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-stone-900">
      <MarketHeader />
      <div className="flex-1">
        <Outlet />
      </div>
      <footer className="border-t border-stone-200 bg-white py-6 text-center text-sm text-stone-500">
        © {new Date().getFullYear()} ShambaSoko · Prices in KES
      </footer>
      <Toaster />
    </div>
  );
}
