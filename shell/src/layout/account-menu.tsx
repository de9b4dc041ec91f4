import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { initials, shownEmail, signOut, useSession } from '@shambasoko/shared';
import { ConfirmDialog } from '@shambasoko/shared/ui';
import { useDismiss } from '../lib/use-dismiss';
import { useT } from '../lib/i18n';

// Only built pages: Billing & Plans returns here when it exists (no dead ends).
const ITEMS = [
  { label: 'account.profile', to: '/profile' },
  { label: 'account.security', to: '/security' },
  { label: 'account.preferences', to: '/preferences' },
] as const;

/** The avatar in the top bar and its menu, with the sign-out confirmation. */
export function AccountMenu() {
  const t = useT();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useDismiss(open, rootRef, (how) => {
    setOpen(false);
    if (how === 'escape') buttonRef.current?.focus();
  });

  const name = user?.displayName ?? '';
  // A phone-only account's stand-in address is never shown.
  const email = shownEmail(user?.email);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('account.menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="grid size-10 place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white ring-brand-100 hover:bg-brand-700 focus-visible:ring-4 focus-visible:outline-none"
      >
        {user?.photoURL ? <img src={user.photoURL} alt="" className="size-10 rounded-full object-cover" /> : initials(name, email)}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t('account.title')}
          className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
        >
          <div className="border-b border-stone-100 px-4 py-3">
            <p className="truncate text-sm font-semibold text-stone-900">{name || t('account.you')}</p>
            {email ? <p className="truncate text-xs text-stone-500">{email}</p> : null}
          </div>
          {ITEMS.map((item) => (
            <Link
              key={item.label}
              role="menuitem"
              to={item.to}
              onClick={() => setOpen(false)}
              className="flex min-h-10 items-center px-4 text-sm text-stone-700 hover:bg-stone-50"
            >
              {t(item.label)}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              setConfirming(true);
            }}
            className="flex min-h-10 w-full items-center border-t border-stone-100 px-4 text-left text-sm font-medium text-red-700 hover:bg-red-50"
          >
            {t('account.signOut')}
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('account.signOut')}
        message={t('account.signOutQuestion')}
        confirmLabel={t('account.signOut')}
        busyLabel={t('account.signingOut')}
        danger
        onConfirm={async () => {
          await signOut();
          navigate('/', { replace: true });
        }}
      />
    </div>
  );
}
