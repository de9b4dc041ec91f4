import { HeldServerFrame, hasServerFrame, useUiTNow } from '@shambasoko/shared';
import { Logo, Skeleton } from '@shambasoko/shared/ui';

// The market's loading frame at /market: its first screen block by block, each block as tall as what it
// stands for at every width, so that what loads takes its place without moving anything. The shell's
// server writes the same markup into a first visit's page, with the first row's photos in the first
// cards' photo boxes (scripts/page-frame.mjs; first-screen-frame.test.tsx holds the two equal).

/** The market header's shape (market-header.tsx): under `md` the search on a row of its own. */
function HeaderShape() {
  return (
    <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2.5 sm:gap-x-4 sm:px-6">
      <Logo compact className="min-h-11 text-brand-700" />
      <Skeleton className="order-last h-11 w-full md:order-none md:w-auto md:flex-1" />
      <Skeleton className="ml-auto size-11 rounded-full md:ml-0" />
    </div>
  );
}

/**
 * The market page's first screen (market-page.tsx): title, subtitle, the count and the filter, sort and
 * view controls as blocks of their widths (so they wrap where the page's do), the tabs, the featured
 * heading, then cards whose photo boxes are the product cards' own (product-card.tsx).
 */
export function MarketPageShape() {
  const t = useUiTNow();
  return (
    // The design system's PageSkeleton, with the market page's padding.
    <div
      role="status"
      aria-label={t('loadingPage')}
      aria-busy="true"
      data-testid="page-skeleton"
      className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6"
    >
      <Skeleton className="h-8 w-48" />
      <Skeleton className="mt-1 mb-6 h-10 w-full max-w-md sm:h-5" />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Skeleton className="mr-auto h-5 w-32" />
        <Skeleton className="h-10 w-24" />
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-[42px] w-20" />
      </div>
      <Skeleton className="h-11 w-full" />
      <div className="mt-4 mb-3 flex h-7 items-center">
        <Skeleton className="h-5 w-40" />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="flex">
            <div className="flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
              <div className="relative aspect-square w-full shrink-0 bg-stone-100" />
              <div className="flex flex-col gap-1.5 p-3 sm:p-4">
                <Skeleton className="h-4 w-4/5" />
                <Skeleton className="h-6 w-1/2" />
                <Skeleton className="h-4 w-2/3" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The whole frame while the market's layout loads (the design system's FrameSkeleton, with the market's
 * header and page); on a first visit, the server's own nodes.
 */
export function MarketFrame() {
  if (hasServerFrame()) return <HeldServerFrame />;
  return (
    <div className="min-h-screen bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <HeaderShape />
      </header>
      <MarketPageShape />
    </div>
  );
}
