import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Cart } from '@shambasoko/contracts';
import { api, isSignedIn, useFirstScreenShown, useSession } from '@shambasoko/shared';
import { CountBadge } from './count-badge';
import { useT } from '../lib/i18n';

/** A guest's cart lives in the market's persisted store; its count is read from there, not fetched. */
function guestItemCount(): number {
  try {
    const saved = JSON.parse(localStorage.getItem('guestCart') ?? 'null') as { state?: { items?: Array<{ quantity?: number }> } } | null;
    return (saved?.state?.items ?? []).reduce((n, item) => n + (item.quantity ?? 0), 0);
  } catch {
    return 0;
  }
}

/** The cart with its count, as in the market header, for the shell's own headers. */
export function CartLink() {
  const t = useT();
  const signedIn = useSession(isSignedIn);
  const uid = useSession((s) => s.user?.uid ?? 'me');
  // Asked for once the page's first screen is up: the count is not what the visitor came to see.
  const firstScreen = useFirstScreenShown();
  const { data } = useQuery({
    queryKey: ['shell', 'cart', uid],
    queryFn: () => api.get<Cart>('/v1/cart'),
    enabled: signedIn && firstScreen,
  });
  const count = signedIn ? (data?.items ?? []).reduce((n, item) => n + item.quantity, 0) : guestItemCount();
  return (
    <Link
      to="/cart"
      aria-label={t('cart.label', { count })}
      data-testid="frame-cart-link"
      className="relative grid size-11 place-items-center rounded-lg text-stone-700 hover:bg-stone-100"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
        <circle cx="9" cy="20" r="1.2" />
        <circle cx="17" cy="20" r="1.2" />
      </svg>
      <CountBadge
        count={count}
        className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs leading-5 font-semibold text-white tabular-nums"
      />
    </Link>
  );
}
