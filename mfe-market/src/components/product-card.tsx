import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { ProductSummary } from '@shambasoko/contracts';
import { formatKES, useMessageText } from '@shambasoko/shared';
import { Button, buttonClassName } from '@shambasoko/shared/ui';
import { FavouriteButton } from '../lib/favourites/favourite-button';
import { useProductName } from '../lib/product/product-name';
import { cx } from '../lib/cx';
import { useT } from '../lib/i18n';
import { ChatIcon, MapPinIcon, VerifiedIcon } from './icons';
import { CartIcon } from './frame-icons';
import { productPath } from './market-paths';
import { PreorderNote } from './preorder-note';
import { ProductImage } from './product-image';
import { RatingStars } from './rating-stars';

export interface ProductCardProps {
  product: ProductSummary;
  layout?: 'grid' | 'list';
  onAddToCart(product: ProductSummary): void;
  adding?: boolean;
  /** The card is among the first on screen: its photo loads eagerly (see ProductImage). */
  priority?: boolean;
}

export function Price({
  price,
  originalPrice,
  unit,
  size = 'md',
}: {
  price: number;
  originalPrice: number | null;
  unit?: string;
  size?: 'md' | 'lg';
}) {
  const t = useT();
  // Sellers write units in words ("per 50 kg bag"); the common ones read in the page's language.
  const text = useMessageText();
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={cx('font-bold text-stone-900 tabular-nums', size === 'lg' ? 'text-3xl' : 'text-lg')}>{formatKES(price)}</span>
      {originalPrice !== null && originalPrice > price && (
        <span className="text-sm text-stone-500 line-through tabular-nums">
          <span className="sr-only">{t('card.was')}</span>
          {formatKES(originalPrice)}
        </span>
      )}
      {unit && <span className="text-xs text-stone-500">{text(unit)}</span>}
    </p>
  );
}

/**
 * A product in the market grid or list: photo, price, seller, rating and the two actions. Memoised:
 * the market page re-renders as its other queries (cart, featured, favourites) answer, and each
 * card should render once per product, not once per answer.
 */
export const ProductCard = memo(function ProductCard({
  product,
  layout = 'grid',
  onAddToCart,
  adding = false,
  priority = false,
}: ProductCardProps) {
  const t = useT();
  const name = useProductName(product);
  const list = layout === 'list';
  // A service is booked for a day and a place on its page; it has no stock and no cart.
  const service = product.category === 'services';
  return (
    <article
      aria-labelledby={`product-${product.id}-name`}
      className={cx(
        'group relative flex overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md',
        list ? 'flex-row' : 'flex-col',
      )}
    >
      <div className={cx('relative shrink-0 bg-stone-100', list ? 'w-32 sm:w-48' : 'aspect-square w-full')}>
        {/* In the grid the photo fills a square box whatever its own shape: the card is as tall before the photo
            has loaded as after (no layout shift), and a tall photo makes no tall card. */}
        <Link to={productPath(product.id)} tabIndex={-1} aria-hidden="true" className={list ? undefined : 'absolute inset-0'}>
          <ProductImage src={product.image} alt="" className="size-full" priority={priority} />
        </Link>
        {product.discount > 0 && (
          <span className="absolute top-2 left-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
            -{product.discount}%
          </span>
        )}
        {!product.inStock && !service && (
          <span className="absolute bottom-2 left-2 rounded-full bg-stone-900/80 px-2 py-0.5 text-xs font-semibold text-white">
            {t('common.outOfStock')}
          </span>
        )}
        <FavouriteButton productId={product.id} productName={name} className="absolute top-2 right-2" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <h3 id={`product-${product.id}-name`} translate="no" className="line-clamp-2 text-sm font-semibold text-stone-900 sm:text-base">
          <Link to={productPath(product.id)} className="hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
            {name}
          </Link>
        </h3>
        <Price price={product.price} originalPrice={product.originalPrice} unit={product.unit} />
        {product.harvestExpected && <PreorderNote harvestExpected={product.harvestExpected} />}
        <p className="flex items-center gap-1 text-sm text-stone-600">
          <MapPinIcon className="shrink-0 text-stone-400" />
          {product.location}
        </p>
        <p className="flex min-w-0 items-center gap-1 text-sm text-stone-700">
          <span className="truncate" translate="no">
            {product.seller.name}
          </span>
          {product.seller.verified && (
            <span title={t('common.verifiedSeller')} className="inline-flex shrink-0 items-center text-brand-600">
              <VerifiedIcon aria-hidden="true" />
              <span className="sr-only">{t('common.verifiedSeller')}</span>
            </span>
          )}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-stone-600">
          <RatingStars rating={product.rating} />
          <span className="tabular-nums">
            {product.rating.toFixed(1)} ({product.reviews})
          </span>
        </p>
        <div className={cx('mt-auto flex gap-2 pt-2', list ? 'flex-wrap' : 'flex-col sm:flex-row')}>
          {service ? (
            <Link to={productPath(product.id)} className={buttonClassName({ size: 'sm', className: 'flex-1' })}>
              {t('card.requestService')}
              <span className="sr-only">: {name}</span>
            </Link>
          ) : (
            <Button size="sm" className="flex-1" disabled={!product.inStock} loading={adding} onClick={() => onAddToCart(product)}>
              {product.inStock ? (
                <>
                  <CartIcon /> {t('common.addToCart')}
                </>
              ) : (
                t('common.outOfStock')
              )}
              <span className="sr-only">: {name}</span>
            </Button>
          )}
          <Link to={productPath(product.id)} className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'flex-1' })}>
            <ChatIcon /> {t('card.callChat')}
            <span className="sr-only">: {name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
});
