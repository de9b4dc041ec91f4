import { ErrorState, PageHeader } from '@shambasoko/shared/ui';
import { PageSpinner, useMessageText, useSession, type SessionState } from '@shambasoko/shared';
import { AuditLog } from './audit-log';
import { RemoteCard } from './remote-card';
import { useRegistryOverview } from './registry-api';
import { useT } from '../../lib/i18n';

/** The account's roles; read defensively, since older stored sessions carry none. */
function holdsAdmin(state: SessionState): boolean {
  const roles = (state.user as { roles?: unknown } | null)?.roles;
  return Array.isArray(roles) && roles.includes('Admin');
}

function NotForYou({ message }: { message?: string }) {
  const t = useT();
  // The API's refusal is written in English (its messages are English-keyed).
  const text = useMessageText();
  return (
    <div role="alert" className="mx-auto my-12 max-w-md rounded-xl border border-stone-200 bg-white p-6 text-center">
      <h1 className="text-xl font-semibold text-stone-900">{t('admin.title')}</h1>
      <p className="mt-2 text-stone-700">{message ? text(message) : t('admin.onlyAdmins')}</p>
    </div>
  );
}

function Console() {
  const t = useT();
  const overview = useRegistryOverview();
  if (overview.isPending) return <PageSpinner />;
  if (overview.isError) {
    const { error } = overview;
    const status = (error as { status?: number }).status;
    if (status === 403) return <NotForYou message={error.message} />;
    return <ErrorState message={error.message} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />;
  }
  return (
    <div className="mx-auto flex max-w-5xl min-w-0 flex-col gap-6 p-4 sm:p-6">
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      {overview.data.remotes.map((remote) => (
        <RemoteCard key={remote.name} remote={remote} />
      ))}
      <AuditLog entries={overview.data.audit} />
    </div>
  );
}

/** The product owner's console at /admin/remotes: Admin only (the API refuses others with 403 too). */
export default function AdminRemotesPage() {
  const isAdmin = useSession(holdsAdmin);
  return isAdmin ? <Console /> : <NotForYou />;
}
