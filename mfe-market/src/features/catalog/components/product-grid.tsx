import { memo, startTransition, useEffect, useState } from 'react';
import type { ProductSummary } from '@shambasoko/contracts';
import { ProductCard } from '../../../components/product-card';
import { cx } from '../../../lib/cx';
import type { ViewMode } from '../market-filters';

// Two rows on a phone, one on a wide screen: what can be on screen when the results arrive.
const FIRST_CARDS = 4;

/**
 * How many cards to render now. Query results render synchronously (React cannot slice them), so a
 * full page of cards at once was one long task on slow phones: the first rows render with the
 * results, the rest in a later task as a transition, which React renders in short slices.
 */
function useCardsToRender(total: number): number {
  const [all, setAll] = useState(total <= FIRST_CARDS);
  useEffect(() => {
    if (all) return;
    // A timer rather than the effect itself, so the first cards' commit ends its task first.
    const timer = setTimeout(() => startTransition(() => setAll(true)), 0);
    return () => clearTimeout(timer);
  }, [all]);
  return all ? total : Math.min(total, FIRST_CARDS);
}

export const ProductGrid = memo(function ProductGrid({
  products,
  view,
  onAddToCart,
  addingId,
  atTop = false,
}: {
  products: readonly ProductSummary[];
  view: ViewMode;
  onAddToCart(product: ProductSummary): void;
  addingId: string | null;
  /** The grid starts near the top of the page, so its first photos are likely the largest paint. */
  atTop?: boolean;
}) {
  const count = useCardsToRender(products.length);
  return (
    <ul className={cx('grid gap-3 sm:gap-4', view === 'grid' ? 'grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'grid-cols-1')}>
      {products.slice(0, count).map((p, i) => (
        <li
          key={p.id}
          className={cx(
            'flex',
            // Cards past the first rows are usually off screen: their layout and paint wait until
            // they near the viewport; the remembered size (`auto`) keeps the scroll height stable.
            i >= FIRST_CARDS &&
              (view === 'grid'
                ? '[content-visibility:auto] [contain-intrinsic-size:auto_22rem]'
                : '[content-visibility:auto] [contain-intrinsic-size:auto_12rem]'),
          )}
        >
          <div className="flex w-full *:w-full">
            <ProductCard product={p} layout={view} onAddToCart={onAddToCart} adding={addingId === p.id} priority={atTop && i < 2} />
          </div>
        </li>
      ))}
    </ul>
  );
});

export function ProductGridSkeleton({ view }: { view: ViewMode }) {
  return (
    <ul
      aria-hidden="true"
      data-testid="product-grid-skeleton"
      className={cx('grid gap-3 sm:gap-4', view === 'grid' ? 'grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'grid-cols-1')}
    >
      {Array.from({ length: 8 }, (_, i) => (
        <li
          key={i}
          className={cx(
            'animate-pulse rounded-xl border border-stone-200 bg-white motion-reduce:animate-none',
            view === 'grid' ? 'h-80' : 'h-40',
          )}
        />
      ))}
    </ul>
  );
}
