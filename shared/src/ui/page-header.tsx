import type { ReactNode } from 'react';

/** The heading block at the top of every page: title, optional subtitle and actions. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        {/* A long farm name wraps, even inside one long word, instead of running off a phone's screen. */}
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-stone-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-stone-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
