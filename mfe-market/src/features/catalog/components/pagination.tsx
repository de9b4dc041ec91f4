import { cx } from '../../../lib/cx';
import { useT } from '../../../lib/i18n';

/** Page numbers around the current one, with the first and last always reachable. */
export function pageList(current: number, total: number): Array<number | 'gap'> {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export function Pagination({ page, pageCount, onPage }: { page: number; pageCount: number; onPage(page: number): void }) {
  const t = useT();
  if (pageCount <= 1) return null;
  const cell = 'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium';
  return (
    <nav aria-label={t('pagination.label')} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        className={cx(cell, 'text-stone-700 hover:bg-stone-100 disabled:opacity-40')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pagination.previous')}
      </button>
      {pageList(page, pageCount).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-400">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-label={t('pagination.page', { page: p })}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onPage(p)}
            className={cx(cell, p === page ? 'bg-brand-600 text-white' : 'text-stone-700 hover:bg-stone-100')}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className={cx(cell, 'text-stone-700 hover:bg-stone-100 disabled:opacity-40')}
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        {t('pagination.next')}
      </button>
    </nav>
  );
}
