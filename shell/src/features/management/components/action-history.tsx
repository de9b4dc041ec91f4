import { useLocale } from '@shambasoko/shared';
import type { AdminAction, AdminSubjectKind } from '@shambasoko/contracts';
import { Card } from '@shambasoko/shared/ui';
import { useAdminActions } from '../api/get-actions';
import { useT } from '../i18n';
import { formatMoment } from './format';

/** Who did what to this account or listing, and why, newest first, as sentences. */
export function ActionHistory({ kind, id }: { kind: AdminSubjectKind; id: string }) {
  const t = useT();
  const [locale] = useLocale();
  const actions = useAdminActions(kind, id);
  const sentence = (a: AdminAction) => t(`history.${a.action}`, { actor: a.actorName ?? t('history.someone') });
  return (
    <Card title={t('history.title')} titleAs="h3">
      {actions.isPending ? (
        <div aria-busy="true" className="h-16 animate-pulse rounded-lg bg-stone-100" />
      ) : actions.isError || actions.data.length === 0 ? (
        <p className="text-sm text-stone-600">{actions.isError ? t('history.loadError') : t('history.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3 text-sm" aria-label={t('history.title')}>
          {actions.data.map((a) => (
            <li key={a.id} className="flex flex-col border-l-2 border-stone-200 pl-3">
              <span className="font-medium text-stone-900">{sentence(a)}</span>
              {a.reason ? <span className="text-stone-700">{t('history.reason', { reason: a.reason })}</span> : null}
              <time dateTime={a.createdAt} className="text-stone-500 tabular-nums">
                {formatMoment(a.createdAt, locale)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
