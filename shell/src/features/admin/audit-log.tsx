import { Card, EmptyState } from '@shambasoko/shared/ui';
import { formatDate, useLocale } from '@shambasoko/shared';
import type { RegistryAuditEntry, RegistryRemote } from '@shambasoko/contracts';
import { titleIn } from './audience';
import { auditSentence } from './audit-sentence';
import { useT } from './i18n';

const WHEN: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false };

/** Every change to the registry, newest first, as sentences: "Amina Wanjiru switched off Market for Buyers · 2 Dec 10:14". */
export function AuditLog({ entries, remotes }: { entries: RegistryAuditEntry[]; remotes: RegistryRemote[] }) {
  const t = useT();
  const [locale] = useLocale();
  const title = (name: string) => {
    const remote = remotes.find((r) => r.name === name);
    return remote ? titleIn(remote, locale) : name;
  };
  return (
    <Card title={t('admin.audit')} flush>
      {entries.length === 0 ? (
        <EmptyState title={t('admin.noChanges')} />
      ) : (
        <ol aria-label={t('admin.audit')} className="divide-y divide-stone-200">
          {entries.map((entry) => (
            <li key={entry.id} className="px-4 py-3 text-sm break-words text-stone-900">
              {auditSentence(entry, title, locale)}
              <span className="text-stone-500">
                {' · '}
                <time dateTime={entry.at}>{formatDate(new Date(entry.at), WHEN)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
