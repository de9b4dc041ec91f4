import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PublicProduct } from '@shambasoko/contracts';
import { ApiError, formatKES, Spinner, useMessageText } from '@shambasoko/shared';
import { Badge, Button, ErrorState, FormError, buttonClassName } from '@shambasoko/shared/ui';
import { Tabs } from '@shambasoko/shared/ui/tabs';
import { useAddToCartAndGo } from '../../lib/cart/use-add-to-cart';
import { useCart } from '../../lib/cart/use-cart';
import { MapPinIcon } from '../../components/icons';
import { CartIcon, SearchIcon } from '../../components/frame-icons';
import { PreorderNote } from '../../components/preorder-note';
import { Price, ProductCard } from '../../components/product-card';
import { QuantitySelector } from '../../components/quantity-selector';
import { RatingSummary } from '../../components/rating-stars';
import { FavouriteButton } from '../../lib/favourites/favourite-button';
import { clampQuantity } from '../../lib/cart/cart-lines';
import { categoryLabel, useT } from '../../lib/i18n';
import { ready as readyBuy, useT as useBuyT } from '../../lib/i18n-buy';
import { ready as readyProduct, useT as useProductT } from '../../lib/i18n-product';
import { useT as useRouteT } from '../../lib/i18n-routes';
import { useProduct } from '../../lib/product/get-product';
import { useProductName } from '../../lib/product/product-name';
import { DeliveryOptions } from './components/delivery-options';
import { ImageGallery } from './components/image-gallery';
import { SellerCard } from './components/seller-card';
import { StickyBuyBar } from './components/sticky-buy-bar';
import { TypicalPrice } from './components/typical-price';
import { lazyDialog } from '@shambasoko/shared/ui/lazy-dialog';

// The Reviews tab's list and form load when the tab is first opened (it is not the one open at first).
const ReviewsSection = lazy(() => import('./components/reviews-section').then((m) => ({ default: m.ReviewsSection })));

// With Kiswahili, the page's own words and the ones it shares with others (i18n-buy.ts: the quantity
// control, the contact buttons) are fetched together as the page's code arrives, not the shared ones
// only once the page's have come and its parts render.
void readyProduct();
void readyBuy();

// Only a service's page shows the request form: a product's page loads no form code.
const ServiceRequestForm = lazyDialog(() => import('./components/service-request-form').then((m) => m.ServiceRequestForm));

function NotFound() {
  const t = useT();
  const productT = useProductT();
  return (
    <main className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <span aria-hidden="true" className="mb-3 text-5xl text-stone-400">
        <SearchIcon />
      </span>
      <h1 className="text-2xl font-semibold text-stone-900">{productT('product.notFound')}</h1>
      <p className="mt-2 text-stone-600">{productT('product.notFoundText')}</p>
      <Link to="/market" className={buttonClassName({ className: 'mt-6' })}>
        {t('common.backToMarket')}
      </Link>
    </main>
  );
}

function ProductView({ product }: { product: PublicProduct }) {
  const t = useT();
  const productT = useProductT();
  const tb = useBuyT();
  const name = useProductName(product);
  const messageText = useMessageText();
  const navigate = useNavigate();
  const cart = useCart();
  const related = useAddToCartAndGo();
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buyRow = useRef<HTMLDivElement>(null);
  const saving = product.originalPrice !== null && product.originalPrice > product.price ? product.originalPrice - product.price : 0;
  const qty = clampQuantity(quantity, product.stockQuantity);
  // Services are booked for a day and a place: no stock, no cart.
  const service = product.category === 'services';

  const addToCart = async () => {
    setError(null);
    setAdding(true);
    try {
      await cart.add(product, qty);
      navigate('/cart');
    } catch (e) {
      setError(e instanceof Error ? messageText(e.message) : t('common.addFailed'));
      setAdding(false);
    }
  };
  const buyNow = () => navigate(`/checkout?buyNow=${encodeURIComponent(product.id)}&quantity=${qty}`);

  return (
    <main className={`mx-auto max-w-7xl px-4 py-6 sm:px-6 ${service || !product.inStock ? '' : 'pb-24 sm:pb-6'}`}>
      <nav aria-label={productT('product.breadcrumb')} className="mb-4 text-sm text-stone-500">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/market" className="hover:text-brand-700 hover:underline">
              {t('market.title')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={`/market?category=${product.category}`} className="hover:text-brand-700 hover:underline">
              {categoryLabel(product.category)}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate text-stone-700">
            {name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-6 lg:grid-cols-2 lg:gap-10">
        <div className="relative">
          <ImageGallery images={product.images.length > 0 ? product.images : [product.image]} name={name} />
          <FavouriteButton productId={product.id} productName={name} className="absolute top-3 right-3" />
        </div>

        <div className="flex flex-col gap-4">
          <div>
            <Badge tone="success">{categoryLabel(product.category)}</Badge>
            <h1 className="mt-2 text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">{name}</h1>
            {name !== product.name && (
              // The seller's own name for it, as on the cart line and the receipt.
              <p lang="en" translate="no" className="mt-1 text-sm text-stone-600">
                {product.name}
              </p>
            )}
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
              <RatingSummary rating={product.rating} reviews={product.reviews} />
              <span className="flex items-center gap-1">
                <MapPinIcon className="text-stone-400" /> {product.location}
              </span>
            </p>
          </div>

          <div>
            <Price price={product.price} originalPrice={product.originalPrice} unit={product.unit} size="lg" />
            <TypicalPrice productId={product.id} />
            {saving > 0 && (
              <p className="mt-1 text-sm font-medium text-red-700">
                {product.discount > 0
                  ? productT('product.saveOff', { amount: formatKES(saving), percent: product.discount })
                  : productT('product.save', { amount: formatKES(saving) })}
              </p>
            )}
          </div>

          {service ? (
            <ServiceRequestForm productId={product.id} productName={name} />
          ) : (
            <>
              {/* A pre-order is not stock on hand: it says so, with its harvest date, instead of "In stock". */}
              {product.harvestExpected && product.inStock ? (
                <PreorderNote harvestExpected={product.harvestExpected} />
              ) : (
                <p className={product.inStock ? 'text-sm font-medium text-brand-700' : 'text-sm font-medium text-red-700'}>
                  {product.inStock ? productT('product.inStock', { count: product.stockQuantity }) : t('common.outOfStock')}
                </p>
              )}

              <FormError message={error} />

              <div className="flex flex-wrap items-center gap-3">
                <QuantitySelector
                  label={tb('quantity.label')}
                  value={qty}
                  max={product.stockQuantity}
                  onChange={setQuantity}
                  disabled={!product.inStock}
                />
                <span className="text-sm text-stone-500">{productT('product.total', { amount: formatKES(product.price * qty) })}</span>
              </div>
              <div ref={buyRow} className="grid gap-2 sm:grid-cols-2">
                <Button onClick={addToCart} disabled={!product.inStock} loading={adding} loadingText={t('common.adding')}>
                  {product.inStock ? (
                    <>
                      <CartIcon /> {t('common.addToCart')}
                    </>
                  ) : (
                    t('common.outOfStock')
                  )}
                </Button>
                <Button variant="secondary" onClick={buyNow} disabled={!product.inStock}>
                  {productT('product.buyNow')}
                </Button>
              </div>
            </>
          )}

          {/* Its delivery times count from the harvest, not from today. */}
          {!service && !product.harvestExpected && <DeliveryOptions delivery={product.delivery} />}
          {!service && product.inStock && (
            <StickyBuyBar anchor={buyRow} name={name} price={product.price} unit={product.unit} adding={adding} onAdd={addToCart} />
          )}
        </div>
      </div>

      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <Tabs
            label={productT('product.info')}
            items={[
              {
                id: 'description',
                label: productT('product.description'),
                content: <p className="whitespace-pre-line text-stone-700">{product.description}</p>,
              },
              {
                id: 'specifications',
                label: productT('product.specifications'),
                content:
                  product.specifications.length === 0 ? (
                    <p className="text-stone-500">{productT('product.noSpecs')}</p>
                  ) : (
                    <dl className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
                      {product.specifications.map((s) => (
                        <div key={s.label} className="grid grid-cols-2 gap-3 px-4 py-2.5 text-sm">
                          <dt className="text-stone-500">{s.label}</dt>
                          <dd className="font-medium text-stone-900">{s.value}</dd>
                        </div>
                      ))}
                    </dl>
                  ),
              },
              {
                id: 'reviews',
                label: productT('product.reviewsTab', { count: product.reviews }),
                content: (
                  <Suspense fallback={<Spinner />}>
                    <ReviewsSection productId={product.id} reviews={product.reviewsList} rating={product.rating} count={product.reviews} />
                  </Suspense>
                ),
              },
            ]}
          />
        </div>
        <aside>
          <SellerCard seller={product.seller} productName={name} productId={product.id} />
        </aside>
      </div>

      {product.related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-12">
          <h2 id="related-heading" className="mb-3 text-lg font-semibold text-stone-900">
            {productT('product.related')}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {product.related.slice(0, 4).map((p) => (
              <li key={p.id} className="flex *:w-full">
                <ProductCard product={p} onAddToCart={related.addAndGo} adding={related.addingId === p.id} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

export default function ProductPage() {
  const routeT = useRouteT();
  const productT = useProductT();
  const messageText = useMessageText();
  const [params] = useSearchParams();
  const itemId = params.get('itemId');
  const product = useProduct(itemId);

  if (!itemId) return <NotFound />;
  if (product.isPending) {
    return (
      <main aria-busy="true" className="mx-auto grid max-w-7xl animate-pulse gap-6 px-4 py-6 sm:px-6 lg:grid-cols-2">
        <h1 className="sr-only">{productT('product.loading')}</h1>
        <div className="aspect-[4/3] rounded-xl bg-stone-200" />
        <div className="flex flex-col gap-3">
          <div className="h-8 w-3/4 rounded bg-stone-200" />
          <div className="h-6 w-1/3 rounded bg-stone-200" />
          <div className="h-24 rounded bg-stone-200" />
        </div>
      </main>
    );
  }
  if (product.isError) {
    // A malformed id (400) is as missing as an unknown one (404).
    if (product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400)) return <NotFound />;
    return (
      <main className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="sr-only">{routeT('route.product')}</h1>
        <ErrorState
          title={productT('product.loadError')}
          message={messageText(product.error.message)}

          onRetry={() => product.refetch()}
          retrying={product.isFetching}
        />
      </main>
    );
  }
  return <ProductView key={product.data.id} product={product.data} />;
}
