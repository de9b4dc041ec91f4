import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { APP_ROLES, type AdminAccount, type AdminAccountQuery, type AppRole } from '@shambasoko/contracts';
import { useLocale, useMessageText } from '@shambasoko/shared';
import { Badge, Button, Card, EmptyState, ErrorState, PageHeader, SelectField, TextField, useDebouncedValue } from '@shambasoko/shared/ui';
import { Tabs } from '@shambasoko/shared/ui/tabs';
import { useAdminAccount } from './api/get-account';
import { useAdminAccounts } from './api/get-accounts';
import { useVerificationQueue } from './api/get-sellers';
import { useSetSuspended } from './api/set-suspended';
import { useVerifySeller } from './api/verify-seller';
import { ActionHistory } from './components/action-history';
import { formatMoment } from './components/format';
import { ReasonDialog } from './components/reason-dialog';
import { AdminOnly } from './components/admin-only';
import { useT } from './i18n';

type Status = NonNullable<AdminAccountQuery['status']>;

function StatusBadge({ account }: { account: AdminAccount }) {
  const t = useT();
  return account.status === 'suspended' ? (
    <Badge tone="danger">{t('status.suspended')}</Badge>
  ) : (
    <Badge tone="success">{t('status.active')}</Badge>
  );
}

function AccountList() {
  const t = useT();
  const messageText = useMessageText();
  const [, setParams] = useSearchParams();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<AppRole | ''>('');
  const [status, setStatus] = useState<Status>('all');
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const search = useDebouncedValue(q.trim());
  const accounts = useAdminAccounts({ q: search || undefined, role: role || undefined, status, cursor });
  const roleName = (r: AppRole) => t(`role.${r}`);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <TextField
          label={t('accounts.search')}
          type="search"
          placeholder={t('accounts.searchPlaceholder')}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setCursor(undefined);
          }}
        />
        <SelectField
          label={t('accounts.role')}
          value={role}
          onChange={(e) => {
            setRole(e.target.value as AppRole | '');
            setCursor(undefined);
          }}
          options={[{ value: '', label: t('accounts.anyRole') }, ...APP_ROLES.map((r) => ({ value: r, label: roleName(r) }))]}
        />
        <SelectField
          label={t('accounts.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status);
            setCursor(undefined);
          }}
          options={[
            { value: 'all', label: t('accounts.anyStatus') },
            { value: 'active', label: t('status.active') },
            { value: 'suspended', label: t('status.suspended') },
          ]}
        />
      </div>
      {accounts.isPending ? (
        <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-stone-200" />
      ) : accounts.isError ? (
        <ErrorState title={t('accounts.loadError')} message={messageText(accounts.error.message)} onRetry={() => accounts.refetch()} />
      ) : accounts.data.items.length === 0 ? (
        <EmptyState title={t('accounts.empty')} />
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-label={t('accounts.results')}>
            {accounts.data.items.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  onClick={() => setParams({ id: a.id })}
                  className="flex w-full flex-col gap-1 rounded-xl border border-stone-200 bg-white p-3 text-left shadow-sm hover:border-brand-400"
                >
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold break-all text-stone-900">{a.name || a.email}</span>
                    <StatusBadge account={a} />
                  </span>
                  <span className="text-sm break-all text-stone-600">{a.phone ?? a.email}</span>
                  <span className="text-xs text-stone-500">{a.roles.map(roleName).join(' · ') || t('accounts.noRoles')}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {cursor ? (
              <Button variant="secondary" onClick={() => setCursor(undefined)}>
                {t('accounts.firstPage')}
              </Button>
            ) : null}
            {accounts.data.nextCursor ? (
              <Button variant="secondary" onClick={() => setCursor(accounts.data.nextCursor ?? undefined)}>
                {t('accounts.nextPage')}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

function AccountDetail({ id }: { id: string }) {
  const t = useT();
  const [locale] = useLocale();
  const messageText = useMessageText();
  const account = useAdminAccount(id);
  const change = useSetSuspended();
  const [asking, setAsking] = useState(false);
  const back = (
    <Link to="/admin/accounts" className="text-sm font-medium text-brand-700 underline">
      {t('accounts.back')}
    </Link>
  );
  if (account.isPending) return <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-stone-200" />;
  if (account.isError)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <ErrorState title={t('accounts.loadError')} message={messageText(account.error.message)} onRetry={() => account.refetch()} />
      </div>
    );
  const a = account.data;
  const suspend = a.status === 'active';
  return (
    <div className="flex flex-col gap-4">
      {back}
      <Card title={a.name || a.email} actions={<StatusBadge account={a} />}>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-stone-500">{t('accounts.email')}</dt>
            <dd className="font-medium break-all">{a.email}</dd>
          </div>
          <div>
            <dt className="text-stone-500">{t('accounts.phone')}</dt>
            <dd className="font-medium">{a.phone ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-stone-500">{t('accounts.roles')}</dt>
            <dd className="font-medium">{a.roles.map((r) => t(`role.${r}`)).join(' · ') || t('accounts.noRoles')}</dd>
          </div>
          <div>
            <dt className="text-stone-500">{t('accounts.joined')}</dt>
            <dd className="font-medium">{formatMoment(a.createdAt, locale)}</dd>
          </div>
        </dl>
        {a.suspension ? (
          <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
            {t('accounts.suspendedBecause', { reason: a.suspension.reason, at: formatMoment(a.suspension.at, locale) })}
          </p>
        ) : null}
        <div className="mt-4">
          <Button variant={suspend ? 'danger' : 'primary'} onClick={() => setAsking(true)} className="w-full sm:w-auto">
            {suspend ? t('accounts.suspend') : t('accounts.restore')}
          </Button>
        </div>
      </Card>
      <ActionHistory kind="account" id={a.id} />
      <ReasonDialog
        open={asking}
        danger={suspend}
        title={suspend ? t('accounts.suspendTitle', { name: a.name || a.email }) : t('accounts.restoreTitle', { name: a.name || a.email })}
        description={suspend ? t('accounts.suspendText') : t('accounts.restoreText')}
        confirmLabel={suspend ? t('accounts.suspend') : t('accounts.restore')}
        onClose={() => setAsking(false)}
        onConfirm={(reason) => change.mutateAsync({ id: a.id, suspend, reason })}
      />
    </div>
  );
}

function VerificationQueue() {
  const t = useT();
  const [locale] = useLocale();
  const messageText = useMessageText();
  const queue = useVerificationQueue(true);
  const verify = useVerifySeller();
  if (queue.isPending) return <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-stone-200" />;
  if (queue.isError)
    return <ErrorState title={t('queue.loadError')} message={messageText(queue.error.message)} onRetry={() => queue.refetch()} />;
  if (queue.data.length === 0) return <EmptyState title={t('queue.empty')} />;
  return (
    <ul className="flex flex-col gap-2" aria-label={t('queue.title')}>
      {queue.data.map((s) => (
        <li key={s.id} className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
          <span className="font-semibold text-stone-900">{s.name}</span>
          <span className="text-sm text-stone-600">
            {t('queue.details', { county: s.county, since: formatMoment(s.createdAt, locale) })}
          </span>
          <span className="text-sm break-all text-stone-600">{s.email}</span>
          <Button
            onClick={() => verify.mutate(s.id)}
            disabled={verify.isPending}
            aria-label={t('queue.verifyNamed', { name: s.name })}
            className="w-full sm:w-auto"
          >
            {t('queue.verify')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** /admin/accounts: search, an account's detail (?id=) and the seller verification queue (?queue=verification). */
function AccountsPageContent() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const tab = params.get('queue') === 'verification' ? 'queue' : 'accounts';
  return (
    <main className="mx-auto max-w-5xl p-4 pb-24 sm:p-6">
      <PageHeader title={t('accounts.title')} subtitle={t('accounts.subtitle')} />
      {id ? (
        <AccountDetail id={id} />
      ) : (
        <Tabs
          label={t('accounts.sections')}
          value={tab}
          onChange={(next) => setParams(next === 'queue' ? { queue: 'verification' } : {})}
          items={[
            { id: 'accounts', label: t('accounts.tab'), content: <AccountList /> },
            { id: 'queue', label: t('queue.title'), content: <VerificationQueue /> },
          ]}
        />
      )}
    </main>
  );
}

export default function AccountsPage() {
  return (
    <AdminOnly>
      <AccountsPageContent />
    </AdminOnly>
  );
}
