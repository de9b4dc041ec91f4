import type { ReactNode } from 'react';
import { useSession, type SessionState } from '@shambasoko/shared';
import { useT } from '../i18n';

/** Read defensively: older stored sessions carry no roles. */
function holdsAdmin(state: SessionState): boolean {
  const roles = (state.user as { roles?: unknown } | null)?.roles;
  return Array.isArray(roles) && roles.includes('Admin');
}

/** Management is for Admins; anyone else is told so without asking the API (which refuses them too). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const t = useT();
  const isAdmin = useSession(holdsAdmin);
  if (isAdmin) return <>{children}</>;
  return (
    <div role="alert" className="mx-auto my-12 max-w-md rounded-xl border border-stone-200 bg-white p-6 text-center">
      <p className="text-stone-700">{t('onlyAdmins')}</p>
    </div>
  );
}
