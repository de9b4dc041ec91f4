// Exposed as 'auth/account-chooser' for the shell's landing page.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import {
  firstNameOf,
  formatDate,
  homePathFor,
  initials,
  RemoteScope,
  shownEmail,
  switchAccount,
  useSession,
  type RememberedAccount,
} from '@shambasoko/shared';
import { Button, Dialog, FormError } from '@shambasoko/shared/ui';
import { useT } from './i18n';
import './styles.css';

function Avatar({ account }: { account: RememberedAccount }) {
  return account.photoURL ? (
    <img src={account.photoURL} alt="" className="size-10 shrink-0 rounded-full object-cover" />
  ) : (
    <span
      aria-hidden="true"
      className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {initials(account.displayName, account.email)}
    </span>
  );
}

export default function ChooseAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  // Rendered into <body>: the host may mount this inside a fixed, blurred header, which would
  // otherwise become the containing block of the dialog's fixed overlay. The scope keeps our styles.
  return createPortal(
    <RemoteScope name="auth">
      <ChooseAccount open={open} onClose={onClose} />
    </RemoteScope>,
    document.body,
  );
}

function ChooseAccount({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const accounts = useSession((s) => s.accounts);
  const [switching, setSwitching] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const others = accounts.filter((a) => a.uid !== user?.uid);
  const current = user
    ? (accounts.find((a) => a.uid === user.uid) ?? { ...user, photoURL: user.photoURL ?? null, lastUsed: Date.now() })
    : null;

  async function choose(account: RememberedAccount) {
    setSwitching(account.uid);
    setError(null);
    try {
      await switchAccount(account);
      onClose();
      navigate('/auth/sign-in', { state: { email: account.email } });
    } catch (err) {
      console.error('Switching account failed', err);
      setError(t('chooser.failed'));
    } finally {
      setSwitching(null);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('chooser.title')}
      footer={
        <>
          <Button
            variant="ghost"
            onClick={() => {
              onClose();
              navigate('/auth/create-account');
            }}
          >
            {t('chooser.add')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {current ? (
            <Button
              onClick={() => {
                onClose();
                navigate(homePathFor(useSession.getState().role));
              }}
            >
              {t('chooser.continueAs', { name: firstNameOf(current.displayName, current.email) })}
            </Button>
          ) : null}
        </>
      }
    >
      <FormError message={error} className="mb-3" />
      {current ? (
        <section aria-label={t('chooser.current')} className="rounded-xl border border-brand-100 bg-brand-50 p-3">
          <div className="flex items-center gap-3">
            <Avatar account={current} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-stone-900">{current.displayName}</p>
              <p className="truncate text-sm text-stone-600">{shownEmail(current.email)}</p>
            </div>
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-medium text-white">{t('chooser.currentBadge')}</span>
          </div>
        </section>
      ) : null}
      {others.length > 0 ? (
        <>
          <h3 className="mt-4 mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">{t('chooser.others')}</h3>
          <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
            {others.map((account) => (
              <li key={account.uid}>
                <button
                  type="button"
                  onClick={() => void choose(account)}
                  disabled={switching !== null}
                  aria-label={
                    shownEmail(account.email)
                      ? t('chooser.switchToWithEmail', { name: account.displayName, email: account.email })
                      : t('chooser.switchTo', { name: account.displayName })
                  }
                  className="flex w-full items-center gap-3 p-3 text-left hover:bg-stone-50 disabled:opacity-60"
                >
                  <Avatar account={account} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-stone-900">{account.displayName}</span>
                    <span className="block truncate text-sm text-stone-600">{shownEmail(account.email)}</span>
                    <span className="block text-xs text-stone-500">
                      {switching === account.uid ? t('chooser.switching') : t('chooser.lastUsed', { date: formatDate(account.lastUsed) })}
                    </span>
                  </span>
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-5 shrink-0 text-stone-400"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M9 18l6-6-6-6" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Dialog>
  );
}
