import type { ReportConversationRequest } from '@shambasoko/contracts';
import { MESSAGE_REPORT_REASONS } from '@shambasoko/contracts/message-values';
import { Button, SelectField, TextField } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n-messages';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useSmallForm } from '../../../lib/small-form';
import { useReportConversation } from '../api/report-conversation';

const reportChecks = lazyResolver(() => import('../form-checks').then((m) => m.reportResolver));

/** Report this conversation to the Admins, folded away until asked for. */
export function ReportForm({ conversationId }: { conversationId: string }) {
  const t = useT();
  const report = useReportConversation(conversationId);
  const form = useSmallForm<ReportConversationRequest, ReportConversationRequest>({
    resolver: reportChecks.resolver,
    defaultValues: { reason: 'spam', note: '' },
  });
  if (report.isSuccess)
    return (
      <p role="status" className="text-sm text-stone-700">
        {t('report.sent')}
      </p>
    );
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-stone-700">{t('report.open')}</summary>
      <form noValidate className="mt-2 flex flex-col gap-2" onSubmit={form.handleSubmit((body) => report.mutate(body))}>
        <SelectField
          label={t('report.reason')}
          options={MESSAGE_REPORT_REASONS.map((r) => ({ value: r, label: t(`report.reason.${r}`) }))}
          {...form.register('reason')}
        />
        <TextField label={t('report.note')} {...form.register('note')} />
        {report.isError && (
          <p role="alert" className="text-red-700">
            {t('report.error')}
          </p>
        )}
        <Button type="submit" size="sm" variant="secondary" className="self-start" loading={report.isPending}>
          {t('report.send')}
        </Button>
      </form>
    </details>
  );
}
