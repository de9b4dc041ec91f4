import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { homePathFor, isSignedIn, useSession } from '@shambasoko/shared';
import { FrameAccountControls, Logo } from '@shambasoko/shared/ui';
import { CartLink } from './cart-link';
import { LanguageSwitcher } from './language-switcher';
import { useT } from '../lib/i18n';

/**
 * The header family's public member, around pages that have no layout of their own (legal pages,
 * the 404): the logo home, a way back, the cart, and the bell and avatar when signed in.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const signedIn = useSession(isSignedIn);
  const home = homePathFor(useSession((s) => s.role));
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(signedIn ? home : '/'));
  return (
    <div className="min-h-screen bg-stone-50">
      <header data-testid="frame-header" className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
          <button
            type="button"
            aria-label={t('topbar.back')}
            className="grid size-11 place-items-center rounded-lg hover:bg-stone-100"
            onClick={back}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M15 18l-6-6 6-6" />
            </svg>
          </button>
          <Link to="/" className="min-w-0 flex-1 text-lg text-brand-700">
            <Logo compact className="w-fit" />
          </Link>
          <LanguageSwitcher label={t('language.label')} className="border-stone-300 bg-white text-stone-700 hover:bg-stone-100" />
          <CartLink />
          {signedIn ? (
            // The bell and the avatar menu come with the query cache (app/frames.tsx), lent to every frame.
            <FrameAccountControls />
          ) : (
            <Link
              to="/auth/get-started"
              className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t('topbar.signIn')}
            </Link>
          )}
        </div>
      </header>
      <div id="main-content">{children}</div>
    </div>
  );
}
