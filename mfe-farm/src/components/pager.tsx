import { formatNumber } from '@shambasoko/shared';
import { Button } from '@shambasoko/shared/ui';
import { useT } from '../lib/i18n';

/**
 * Previous/next paging for the server's paginated lists; hidden when everything fits on one page.
 * A capped total (`capped`: the server stopped counting) reads "1,000+" and keeps Next enabled.
 */
export function Pager({
  page,
  pageSize,
  total,
  capped = false,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  capped?: boolean | undefined;
  onPage: (p: number) => void;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && !capped) return null;
  const count = formatNumber(total);
  return (
    <nav
      aria-label={t('pager.label')}
      className="flex items-center justify-between gap-2 border-t border-stone-200 px-4 py-3 text-sm text-stone-600"
    >
      <span>{capped ? t('pager.capped', { page, count }) : t('pager.of', { page, pages: formatNumber(pages), count })}</span>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('pager.previous')}
        </Button>
        <Button size="sm" variant="secondary" disabled={page >= pages && !capped} onClick={() => onPage(page + 1)}>
          {t('pager.next')}
        </Button>
      </div>
    </nav>
  );
}
