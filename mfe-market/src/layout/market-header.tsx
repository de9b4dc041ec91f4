import { Link, NavLink } from 'react-router-dom';
import { useCart } from '../lib/cart/use-cart';
import { useGuestCartMerge } from '../lib/cart/use-guest-cart-merge';
import { CartIcon } from '../components/frame-icons';
import { PackageIcon } from '../components/package-icon';
import { useT } from '../lib/i18n';
import { useT as useRouteT } from '../lib/i18n-routes';
import { useShopper } from '../lib/session';
import { HeaderSearch } from './header-search';
import { FrameAccountControls, Logo } from '@shambasoko/shared/ui';

function CartLink() {
  const t = useT();
  const { itemCount } = useCart({ afterFirstScreen: true });
  const label = t('header.cart', { count: itemCount });
  return (
    <Link
      to="/cart"
      aria-label={label}
      data-testid="cart-link"
      className="relative inline-flex size-11 items-center justify-center rounded-lg text-2xl text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <CartIcon />
      {itemCount > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs leading-5 font-semibold text-white tabular-nums"
        >
          {itemCount > 99 ? '99+' : itemCount}
        </span>
      )}
    </Link>
  );
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  `hidden min-h-10 items-center rounded-lg px-3 text-sm font-medium sm:inline-flex ${isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100'}`;

/** The header of every public market page: logo, search, cart with its real count, account links. */
export function MarketHeader() {
  const t = useT();
  const routeT = useRouteT();
  useGuestCartMerge();
  const { signedIn } = useShopper();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2.5 sm:gap-x-4 sm:px-6">
        <Link to="/" className="flex min-h-11 shrink-0 items-center text-base text-brand-700 sm:text-lg">
          <Logo compact />
        </Link>
        <NavLink to="/market" end className={navLink}>
          {t('market.title')}
        </NavLink>
        <div className="order-last w-full md:order-none md:w-auto md:flex-1">
          <HeaderSearch id="market-search" />
        </div>
        <nav aria-label={t('header.account')} className="ml-auto flex items-center gap-0.5 sm:gap-1 md:ml-0">
          {signedIn ? (
            <>
              <NavLink to="/orders" className={navLink}>
                {routeT('route.myOrders')}
              </NavLink>
              <Link
                to="/orders"
                aria-label={routeT('route.myOrders')}
                className="inline-flex size-11 items-center justify-center rounded-lg text-2xl text-stone-700 hover:bg-stone-100 sm:hidden"
              >
                <PackageIcon />
              </Link>
              <Link
                to="/dashboard"
                className="inline-flex min-h-10 items-center rounded-lg px-2 text-sm font-medium text-stone-700 hover:bg-stone-100 sm:px-3"
              >
                {t('header.dashboard')}
              </Link>
            </>
          ) : (
            <Link
              to="/auth/get-started"
              className="inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t('common.signIn')}
            </Link>
          )}
          <CartLink />
          {signedIn && <FrameAccountControls />}
        </nav>
      </div>
    </header>
  );
}
