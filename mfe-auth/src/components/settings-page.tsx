import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageSpinner } from '@shambasoko/shared';
import { ErrorState, PageHeader } from '@shambasoko/shared/ui';
import { useErrorText } from './error-text';

/** An account settings page: its header, then a spinner, an error with Retry, or the loaded form. */
export function SettingsPage<T>({
  title,
  subtitle,
  query,
  failedTitle,
  children,
}: {
  title: string;
  subtitle: string;
  query: UseQueryResult<T, Error>;
  /** The error's title when the page's data cannot be loaded. */
  failedTitle: string;
  children: (data: T) => ReactNode;
}) {
  const msg = useErrorText();
  return (
    <main className="mx-auto max-w-3xl p-4 sm:p-6">
      <PageHeader title={title} subtitle={subtitle} />
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <ErrorState title={failedTitle} message={msg(query.error.message)} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </main>
  );
}
