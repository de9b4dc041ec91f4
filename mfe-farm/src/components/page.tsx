import type { ReactNode } from 'react';
import { PageHeader } from '@shambasoko/shared/ui';
import { usePrefetchFormChoices } from '../lib/filters/prefetch-choices';

/** The frame of every farm page: one <main>, the page heading and its actions. */
export function Page({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePrefetchFormChoices();
  return (
    <main className="mx-auto max-w-7xl p-4 pb-24 sm:p-6 sm:pb-24">
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <div className="flex flex-col gap-6">{children}</div>
    </main>
  );
}
