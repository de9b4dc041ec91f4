import { Card, EmptyState } from '@shambasoko/shared/ui';
import type { RegistryAuditEntry } from '@shambasoko/shared/contracts';
import { describeValue, formatWhen } from './format';
import { useT } from '../../lib/i18n';

/** Every change to the registry, newest first: who, when, what and before → after. */
export function AuditLog({ entries }: { entries: RegistryAuditEntry[] }) {
  const t = useT();
  return (
    <Card title={t('admin.audit')} flush>
      {entries.length === 0 ? (
        <EmptyState title={t('admin.noChanges')} />
      ) : (
        <ol aria-label={t('admin.audit')} className="divide-y divide-stone-200">
          {entries.map((entry) => (
            <li key={entry.id} className="px-4 py-3 text-sm">
              <p className="flex flex-wrap gap-x-2 text-stone-600">
                <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
                <span>·</span>
                <span className="font-medium text-stone-900">{entry.actor?.name ?? t('admin.system')}</span>
              </p>
              <p className="mt-1 break-words text-stone-900">
                <span className="font-semibold">{entry.remote}</span> {entry.action}:{' '}
                <span className="text-stone-600">{describeValue(entry.before)}</span> → <span>{describeValue(entry.after)}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
