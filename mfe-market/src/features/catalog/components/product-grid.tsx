import type { ProductSummary } from '@shambasoko/shared';
import { ProductCard } from '../../../components/product-card';
import { cx } from '../../../lib/cx';
import type { ViewMode } from '../market-filters';

export function ProductGrid({
  products,
  view,
  onAddToCart,
  addingId,
}: {
  products: readonly ProductSummary[];
  view: ViewMode;
  onAddToCart(product: ProductSummary): void;
  addingId: string | null;
}) {
  return (
    <ul className={cx('grid gap-3 sm:gap-4', view === 'grid' ? 'grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'grid-cols-1')}>
      {products.map((p) => (
        <li key={p.id} className="flex">
          <div className="flex w-full *:w-full">
            <ProductCard product={p} layout={view} onAddToCart={onAddToCart} adding={addingId === p.id} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ view }: { view: ViewMode }) {
  return (
    <ul aria-hidden="true" className={cx('grid gap-3 sm:gap-4', view === 'grid' ? 'grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'grid-cols-1')}>
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className={cx('animate-pulse rounded-xl border border-stone-200 bg-white', view === 'grid' ? 'h-80' : 'h-40')} />
      ))}
    </ul>
  );
}
