import { Outlet } from 'react-router-dom';
import { Toaster } from '../components/toaster';
import { MarketHeader } from './market-header';

/** Frame of the public market pages (/market, /market/item, /cart, /checkout): they render without the dashboard. */
export default function MarketLayout() {
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
