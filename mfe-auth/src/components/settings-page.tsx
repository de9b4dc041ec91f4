import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageSpinner } from '@shambasoko/shared';
import { ErrorState, PageHeader } from '@shambasoko/shared/ui';

/** An account settings page: its header, then a spinner, an error with Retry, or the loaded form. */
export function SettingsPage<T>({
  title,
  subtitle,
  query,
  what,
  children,
}: {
  title: string;
  subtitle: string;
  query: UseQueryResult<T, Error>;
  /** Said in "We could not load your …". */
  what: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <main className="mx-auto max-w-3xl p-4 sm:p-6">
      <PageHeader title={title} subtitle={subtitle} />
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <ErrorState title={`We could not load your ${what}`} message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </main>
  );
}
