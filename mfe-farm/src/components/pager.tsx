import { Button } from '@shambasoko/shared/ui';

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
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && !capped) return null;
  const count = total.toLocaleString('en-KE');
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2 border-t border-stone-200 px-4 py-3 text-sm text-stone-600">
      <span>{capped ? `Page ${page} · ${count}+ in all` : `Page ${page} of ${pages.toLocaleString('en-KE')} · ${count} in all`}</span>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="secondary" disabled={page >= pages && !capped} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
