import { Link, useParams } from 'react-router-dom';
import { ApiError, useMessageText } from '@shambasoko/shared';
import type { PublicStorefront } from '@shambasoko/contracts';
import { Card, EmptyState, ErrorState, buttonClassName } from '@shambasoko/shared/ui';
import { ContactSeller } from '../../components/contact-seller';
import { MessageSeller } from '../../components/message-seller';
import { MapPinIcon, VerifiedIcon } from '../../components/icons';
import { ProductCard } from '../../components/product-card';
import { RatingSummary } from '../../components/rating-stars';
import { useAddToCartAndGo } from '../../lib/cart/use-add-to-cart';
import { useT } from '../../lib/i18n';
import { ready as readyBuy } from '../../lib/i18n-buy';
import { ready as readyStore, useT as useStoreT } from '../../lib/i18n-store';
import { useStorefront } from './api/get-storefront';

// With Kiswahili, the shop's own words and the contact buttons' (i18n-buy.ts) are fetched together as
// the page's code arrives, not the buttons' only once the page's have come and it renders them.
void readyStore();
void readyBuy();

function StorefrontView({ store }: { store: PublicStorefront }) {
  const t = useT();
  const storeT = useStoreT();
  const { seller, products } = store;
  const cart = useAddToCartAndGo();
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight text-stone-900">
              {seller.businessName}
              {seller.verified && (
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-700">
                  <VerifiedIcon aria-hidden="true" /> {t('common.verifiedSeller')}
                </span>
              )}
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-600">
              <span className="flex items-center gap-1">
                <MapPinIcon className="text-stone-400" /> {seller.county}
              </span>
              <RatingSummary rating={seller.rating} reviews={seller.reviews} />
              <span>{storeT('store.memberSince', { date: seller.memberSince })}</span>
            </p>
            {seller.description && <p className="mt-3 max-w-2xl whitespace-pre-line text-stone-700">{seller.description}</p>}
            <dl className="mt-3 text-sm">
              <dt className="text-stone-500">{storeT('store.pickup')}</dt>
              <dd className="font-medium text-stone-900">{seller.pickupLocation}</dd>
            </dl>
          </div>
          <div className="flex flex-col gap-3 lg:w-80 lg:shrink-0">
            <MessageSeller sellerId={seller.id} />
            <ContactSeller sellerName={seller.businessName} phone={seller.phone} whatsapp={seller.whatsapp} />
          </div>
        </div>
      </Card>

      <section aria-labelledby="listings-heading">
        <h2 id="listings-heading" className="mb-3 text-lg font-semibold text-stone-900">
          {storeT('store.listings', { count: products.length })}
        </h2>
        {products.length === 0 ? (
          <Card>
            <EmptyState title={storeT('store.noneTitle')} message={storeT('store.noneText', { name: seller.businessName })} />
          </Card>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {products.map((p, i) => (
              <li key={p.id} className="flex *:w-full">
                <ProductCard product={p} onAddToCart={cart.addAndGo} adding={cart.addingId === p.id} priority={i < 4} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /market/seller/:sellerId: a seller's shop, their listings, rating and how to reach them. */
export default function StorefrontPage() {
  const t = useT();
  const storeT = useStoreT();
  const messageText = useMessageText();
  const { sellerId = '' } = useParams();
  const store = useStorefront(sellerId);
  const missing = store.error instanceof ApiError && (store.error.status === 404 || store.error.status === 400);
  let content;
  if (store.isSuccess) content = <StorefrontView store={store.data} />;
  else if (missing)
    content = (
      <Card>
        <h1 className="sr-only">{storeT('store.notFound')}</h1>
        <EmptyState title={storeT('store.notFound')} message={storeT('store.notFoundText')} />
        <div className="mt-4 text-center">
          <Link to="/market" className={buttonClassName()}>
            {t('common.backToMarket')}
          </Link>
        </div>
      </Card>
    );
  else if (store.isError)
    content = <ErrorState title={storeT('store.loadError')} message={messageText(store.error.message)} onRetry={() => store.refetch()} />;
  else
    content = (
      <div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-stone-200">
        <h1 className="sr-only">{storeT('store.loading')}</h1>
      </div>
    );
  return <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">{content}</main>;
}
