import { useState } from 'react';
import { Button, ConfirmDialog, ErrorState, PageHeader } from '@shambasoko/shared/ui';
import { PageSpinner, useLocale, useMessageText, useSession, type SessionState } from '@shambasoko/shared';
import type { RegistryRemote } from '@shambasoko/contracts';
import { AuditLog } from './audit-log';
import { publishSummary, type Draft } from './publish-summary';
import { RemoteCard } from './remote-card';
import { usePublish, useRegistryOverview } from './registry-api';
import { useDocumentTitle } from '../../lib/page-meta';
import { useT } from './i18n';

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

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r) => b.includes(r));

/** `draft` with what equals the live settings left out: empty when publishing it would change nothing. */
function trimmed(remote: RegistryRemote, draft: Draft): Draft {
  const out: Draft = {};
  if (draft.enabled !== undefined && draft.enabled !== remote.enabled) out.enabled = draft.enabled;
  if (draft.roles !== undefined && !sameRoles(draft.roles, remote.roles)) out.roles = draft.roles;
  return out;
}

/**
 * Roles and kill switches are drafted on the page, never live on a click: one Publish applies them all
 * together (one request, one transaction), after a summary of who will see what.
 */
function Drafts({ remotes }: { remotes: RegistryRemote[] }) {
  const t = useT();
  const [locale] = useLocale();
  const publish = usePublish();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [reviewing, setReviewing] = useState(false);
  const [published, setPublished] = useState(false);

  const pending = remotes.flatMap((remote) => {
    const draft = trimmed(remote, drafts[remote.name] ?? {});
    return Object.keys(draft).length > 0 ? [{ remote, draft }] : [];
  });
  const change = (remote: RegistryRemote, patch: Draft) => {
    setPublished(false);
    setDrafts((all) => ({ ...all, [remote.name]: trimmed(remote, { ...all[remote.name], ...patch }) }));
  };
  const summary = pending.flatMap(({ remote, draft }) => publishSummary(remote, draft, locale));

  return (
    <>
      {remotes.map((remote) => (
        <RemoteCard
          key={remote.name}
          remote={remote}
          draft={trimmed(remote, drafts[remote.name] ?? {})}
          onDraft={(patch) => change(remote, patch)}
          publishing={publish.isPending}
        />
      ))}
      {published && pending.length === 0 && (
        <p role="status" className="text-sm text-brand-800">
          {t('admin.publish.done')}
        </p>
      )}
      {pending.length > 0 && (
        <div
          role="region"
          aria-label={t('admin.publish.bar')}
          className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-2 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-lg sm:mx-0 sm:rounded-xl sm:border"
        >
          <p className="text-sm font-medium text-stone-800">{t('admin.publish.count', { count: pending.length })}</p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={publish.isPending} onClick={() => setDrafts({})}>
              {t('admin.publish.discard')}
            </Button>
            <Button size="sm" disabled={publish.isPending} onClick={() => setReviewing(true)}>
              {t('admin.publish.review')}
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={reviewing}
        onClose={() => setReviewing(false)}
        title={t('admin.publish.question')}
        message={
          <ul aria-label={t('admin.publish.summary')} className="list-disc space-y-1 pl-5 text-stone-800">
            {summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        }
        confirmLabel={t('admin.publish.confirm')}
        busyLabel={t('admin.publish.busy')}
        onConfirm={() =>
          publish.mutateAsync({ changes: pending.map(({ remote, draft }) => ({ name: remote.name, ...draft })) }).then(() => {
            setDrafts({});
            setPublished(true);
          })
        }
      />
    </>
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
      <Drafts remotes={overview.data.remotes} />
      <AuditLog entries={overview.data.audit} remotes={overview.data.remotes} />
    </div>
  );
}

/** The product owner's console at /admin/remotes: Admin only (the API refuses others with 403 too). */
export default function AdminRemotesPage() {
  const t = useT();
  // Titled here, not in the route: the console's words load with the console, not with every page.
  useDocumentTitle(t('admin.title'));
  const isAdmin = useSession(holdsAdmin);
  return isAdmin ? <Console /> : <NotForYou />;
}
