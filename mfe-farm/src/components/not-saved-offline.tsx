import type { FetchStatus } from '@tanstack/react-query';
import { EmptyState } from '@shambasoko/shared/ui';
import { useT } from '../lib/i18n';

/**
 * Offline, with nothing of this query on the device: TanStack Query pauses it (pending, fetch
 * paused) until the connection returns. A spinner there never ends, so say so instead.
 */
export function notSavedOffline(query: { isPending: boolean; fetchStatus?: FetchStatus }): boolean {
  return query.isPending && query.fetchStatus === 'paused';
}

/** Says plainly that a list or page was not saved for offline use; it loads once online again. */
export function NotSavedOffline({ what, className }: { what: 'list' | 'page'; className?: string }) {
  const t = useT();
  return (
    <div role="status" className={className}>
      <EmptyState title={t('offline.notSaved')} message={t(what === 'list' ? 'offline.listNotSaved' : 'offline.pageNotSaved')} />
    </div>
  );
}
