import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useMessageText } from '@shambasoko/shared';
import { resolveMessageReportRequestSchema, type MessageReport } from '@shambasoko/contracts';
import { Badge, Button, EmptyState, ErrorState, FormError, PageHeader, SelectField, TextField } from '@shambasoko/shared/ui';
import { type ReportFilter, useMessageReports } from './api/get-message-reports';
import { useResolveMessageReport } from './api/resolve-message-report';
import { AdminOnly } from './components/admin-only';
import { formatMoment } from './components/format';
import { useT } from './i18n';

function ResolveForm({ id }: { id: string }) {
  const t = useT();
  const messageText = useMessageText();
  const resolve = useResolveMessageReport();
  const form = useForm<{ note: string }>({ resolver: zodResolver(resolveMessageReportRequestSchema), defaultValues: { note: '' } });
  const error = form.formState.errors.note?.message;
  return (
    <form noValidate className="flex flex-col gap-2" onSubmit={form.handleSubmit(({ note }) => resolve.mutate({ id, note }))}>
      <FormError message={resolve.error ? messageText(resolve.error.message) : null} />
      <TextField
        label={t('reports.resolution')}
        {...form.register('note')}
        error={error ? `${t('reports.resolution')} ${messageText(error)}` : undefined}
      />
      <Button type="submit" size="sm" className="self-start" loading={resolve.isPending}>
        {t('reports.resolve')}
      </Button>
    </form>
  );
}

function ReportCard({ report: r }: { report: MessageReport }) {
  const t = useT();
  const [locale] = useLocale();
  return (
    <li>
      <article
        aria-label={r.subjectTitle}
        className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3 text-sm shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold text-stone-900">{r.subjectTitle}</h2>
          <Badge tone={r.status === 'open' ? 'warning' : 'neutral'}>{t(`reports.status.${r.status}`)}</Badge>
        </div>
        <p className="text-stone-600">
          {t('reports.by', { name: r.reporterName })} · {formatMoment(r.createdAt, locale)}
        </p>
        <p className="font-medium text-stone-900">{t(`reports.reason.${r.reason}`)}</p>
        {r.note && <p className="whitespace-pre-line text-stone-700">{r.note}</p>}
        <ol aria-label={t('reports.messages')} className="flex flex-col gap-1 rounded-lg bg-stone-50 p-2">
          {r.messages.map((m, i) => (
            <li key={`${m.createdAt}-${i}`} className="[overflow-wrap:anywhere]">
              <span className="font-medium">{m.senderName}:</span> {m.text}
            </li>
          ))}
        </ol>
        {r.resolution && <p className="font-medium text-stone-900">{t('reports.resolved', { note: r.resolution })}</p>}
        {r.status === 'open' && <ResolveForm id={r.id} />}
      </article>
    </li>
  );
}

/** /admin/message-reports: conversations people reported, with their latest messages; an Admin resolves each. */
function MessageReportsContent() {
  const t = useT();
  const messageText = useMessageText();
  const [status, setStatus] = useState<ReportFilter>('open');
  const reports = useMessageReports(status);
  return (
    <main className="mx-auto max-w-5xl p-4 pb-24 sm:p-6">
      <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />
      <SelectField
        label={t('reports.show')}
        containerClassName="mb-4 max-w-56"
        value={status}
        onChange={(e) => setStatus(e.target.value as ReportFilter)}
        options={[
          { value: 'open', label: t('reports.status.open') },
          { value: 'resolved', label: t('reports.status.resolved') },
        ]}
      />
      {reports.isPending ? (
        <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-stone-200" />
      ) : reports.isError ? (
        <ErrorState title={t('reports.loadError')} message={messageText(reports.error.message)} onRetry={() => reports.refetch()} />
      ) : reports.data.items.length === 0 ? (
        <EmptyState title={t('reports.empty')} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('reports.title')}>
          {reports.data.items.map((r) => (
            <ReportCard key={r.id} report={r} />
          ))}
        </ul>
      )}
    </main>
  );
}

export default function MessageReportsPage() {
  return (
    <AdminOnly>
      <MessageReportsContent />
    </AdminOnly>
  );
}
