import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Category } from '@shambasoko/contracts';
import { CATEGORY_LABELS } from '@shambasoko/shared';
import { GridSkeleton } from './grid-skeleton';
import { useT } from './i18n';
import { useNearViewport } from './use-near-viewport';

// The market's own categories and names, so a tab here matches the tab it leads to in /market.
const CHOICES = Object.keys(CATEGORY_LABELS) as Category[];
// The products and TanStack Query come when the section nears the screen: on a phone it is well
// below the fold, and the landing page's first load then carries no query library.
const HotSellerProducts = lazy(() => import('./hot-seller-grid'));

/** Real best-rated products from the catalog, by the market's categories. */
export function HotSellers() {
  const t = useT();
  const [category, setCategory] = useState<Category>('crops');
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef);
  return (
    <section ref={sectionRef} aria-labelledby="hot-sellers-title" className="bg-stone-50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="hot-sellers-title" className="text-3xl font-bold text-stone-900">
              {t('hot.title')}
            </h2>
            <p className="mt-2 text-stone-600">{t('hot.text')}</p>
          </div>
          <Link
            to="/market"
            className="inline-flex min-h-10 items-center rounded-lg border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t('hot.market')}
          </Link>
        </div>
        <div role="group" aria-label={t('hot.categories')} className="mt-6 flex flex-wrap gap-2">
          {CHOICES.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={category === choice}
              onClick={() => setCategory(choice)}
              className={`min-h-10 rounded-full px-4 text-sm font-semibold ${category === choice ? 'bg-brand-600 text-white' : 'bg-white text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100'}`}
            >
              {t(`category.${choice}`)}
            </button>
          ))}
        </div>
        <div className="mt-6">
          {near ? (
            <Suspense fallback={<GridSkeleton />}>
              <HotSellerProducts category={category} />
            </Suspense>
          ) : (
            <GridSkeleton loading={false} />
          )}
        </div>
        <Link
          to={`/market?category=${category}`}
          className="mt-4 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          {t('hot.seeAll', { category: t(`category.${category}`) })}
        </Link>
      </div>
    </section>
  );
}
