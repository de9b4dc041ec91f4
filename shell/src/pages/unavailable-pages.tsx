import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { known } from '../lib/i18n';
import { t as translate, useT } from '../lib/i18n-rare';

function Notice({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <main role="alert" className="mx-auto my-16 max-w-md p-6 text-center">
      <h1 className="text-xl font-semibold text-stone-900">{title}</h1>
      <div className="mt-2 text-stone-600">{children}</div>
      <Link
        to="/dashboard"
        className="mt-4 inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t('unavailable.back')}
      </Link>
    </main>
  );
}

const listOf = (roles: readonly string[]) => {
  const names = roles.map((role) => known('role', role));
  return names.length <= 1
    ? (names[0] ?? '')
    : translate('unavailable.and', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] });
};

/** A deep link into a remote the current role may not see. */
export function RoleUnavailablePage({ roles }: { roles: readonly string[] }) {
  const t = useT();
  const named = roles.filter((r) => r !== '*');
  return (
    <Notice title={t('unavailable.roleTitle')}>
      <p>{named.length > 0 ? t('unavailable.roleText', { roles: listOf(named) }) : t('unavailable.noRole')}</p>
    </Notice>
  );
}

/** A deep link into a remote a product owner switched off. */
export function SwitchedOffPage() {
  const t = useT();
  return (
    <Notice title={t('unavailable.offTitle')}>
      <p>{t('unavailable.offText')}</p>
    </Notice>
  );
}
