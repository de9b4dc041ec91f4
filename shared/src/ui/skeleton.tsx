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
  if (shape === 'grid')
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {repeat(8).map((i) => (
          <div key={i} className="overflow-hidden rounded-xl border border-stone-200 bg-white">
            <Skeleton className="aspect-square rounded-none" />
            <div className="space-y-2 p-3">
              <Skeleton className="h-4 w-4/5" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    );
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
 * A page in the shape of its content while its code or data loads: announced once as "Loading page"
 * (the blocks themselves are hidden from screen readers).
 */
export function PageSkeleton({ shape = 'rows', label }: { shape?: SkeletonShape; label?: string }) {
  const t = useUiTNow();
  return (
    <div
      role="status"
      aria-label={label ?? t('loadingPage')}
      aria-busy="true"
      data-testid="page-skeleton"
      className="mx-auto w-full max-w-7xl p-4 sm:p-6"
    >
      <Skeleton className="mb-6 h-7 w-48" />
      <Shape shape={shape} />
    </div>
  );
}

/**
 * A header in the frame's shape (the logo, then places for the controls) for a remote whose own header
 * is still loading. On a first visit's page, until the page has rendered, the frame the server painted
 * there (HeldServerFrame).
 */
export function FrameSkeleton({ shape }: { shape?: SkeletonShape }) {
  if (hasServerFrame()) return <HeldServerFrame />;
  return (
    <div className="min-h-screen bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <Logo compact className="text-brand-700" />
          <Skeleton className="h-10 flex-1" />
          <Skeleton className="size-10 rounded-full" />
        </div>
      </header>
      <PageSkeleton shape={shape} />
    </div>
  );
}
