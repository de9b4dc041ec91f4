import { HeldServerFrame, hasServerFrame, useUiTNow } from '@shambasoko/shared';
import { cx } from './cx';
import { Logo } from './logo';

/** A grey block standing in for content that is loading; the shimmer stops under prefers-reduced-motion. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none', className)} />;
}

/** The shapes a page can take while it loads: stat tiles and cards (dashboard), a product grid (market), list rows. */
export type SkeletonShape = 'cards' | 'grid' | 'rows';

const repeat = (n: number) => Array.from({ length: n }, (_, i) => i);

function Rows({ count }: { count: number }) {
  return (
    <div className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
      {repeat(count).map((i) => (
        <div key={i} className="flex items-center gap-3 p-4">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-6 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}

function Shape({ shape }: { shape: SkeletonShape }) {
  if (shape === 'cards')
    return (
      <div className="space-y-6">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {repeat(4).map((i) => (
            <div key={i} className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
              <Skeleton className="h-3 w-2/3" />
              <Skeleton className="h-7 w-1/2" />
            </div>
          ))}
        </div>
        <Rows count={3} />
      </div>
    );
  return <Rows count={6} />;
}

/**
 * The market's first screen (mfe-market's market page) block by block, each as tall as what it stands
 * for at every width: the title and subtitle, the count and the filter, sort and view controls (which
 * wrap as the page's do), the category tabs, the featured heading, then the cards, whose photo boxes
 * are the cards' own. The photos the server writes into them land where the page's own will be.
 */
function MarketShape() {
  return (
    <>
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
        {repeat(8).map((i) => (
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
    </>
  );
}

/**
 * A page in the shape of its content while its code or data loads: announced once as "Loading page"
 * (the blocks themselves are hidden from screen readers).
 */
export function PageSkeleton({ shape = 'rows', label }: { shape?: SkeletonShape; label?: string }) {
  const t = useUiTNow();
  const market = shape === 'grid';
  return (
    <div
      role="status"
      aria-label={label ?? t('loadingPage')}
      aria-busy="true"
      data-testid="page-skeleton"
      className={cx('mx-auto w-full max-w-7xl', market ? 'px-4 py-6 sm:px-6' : 'p-4 sm:p-6')}
    >
      {market ? (
        <MarketShape />
      ) : (
        <>
          <Skeleton className="mb-6 h-7 w-48" />
          <Shape shape={shape} />
        </>
      )}
    </div>
  );
}

/**
 * A header in the frame's shape (the logo, then places for the controls) for a remote whose own header
 * is still loading. The market's is its header's: under `md` the search has a row of its own. On a
 * first visit's page, until the page has rendered, it is the frame the server painted (HeldServerFrame).
 */
export function FrameSkeleton({ shape }: { shape?: SkeletonShape }) {
  if (hasServerFrame(window.location.pathname)) return <HeldServerFrame />;
  return (
    <div className="min-h-screen bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        {shape === 'grid' ? (
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2.5 sm:gap-x-4 sm:px-6">
            <Logo compact className="min-h-11 text-brand-700" />
            <Skeleton className="order-last h-11 w-full md:order-none md:w-auto md:flex-1" />
            <Skeleton className="ml-auto size-11 rounded-full md:ml-0" />
          </div>
        ) : (
          <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
            <Logo compact className="text-brand-700" />
            <Skeleton className="h-10 flex-1" />
            <Skeleton className="size-10 rounded-full" />
          </div>
        )}
      </header>
      <PageSkeleton shape={shape} />
    </div>
  );
}
