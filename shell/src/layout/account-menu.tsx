import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { initials, shownEmail, signOut, useSession } from '@shambasoko/shared';
import { ConfirmDialog } from '@shambasoko/shared/ui';
import { useDismiss } from './use-dismiss';

// Only built pages: Billing & Plans returns here when it exists (no dead ends).
const ITEMS = [
  { label: 'Profile Settings', to: '/profile' },
  { label: 'Security', to: '/security' },
  { label: 'Preferences', to: '/preferences' },
] as const;

/** The avatar in the top bar and its menu, with the sign-out confirmation. */
export function AccountMenu() {
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
        aria-label="Account menu"
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
          aria-label="Account"
          className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
        >
          <div className="border-b border-stone-100 px-4 py-3">
            <p className="truncate text-sm font-semibold text-stone-900">{name || 'Your account'}</p>
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
              {item.label}
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
            Sign Out
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Sign Out"
        message="Are you sure you want to sign out of your ShambaSoko account?"
        confirmLabel="Sign Out"
        busyLabel="Signing Out..."
        danger
        onConfirm={async () => {
          await signOut();
          navigate('/', { replace: true });
        }}
      />
    </div>
  );
}
