import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CartItem } from '@shambasoko/contracts';
import { formatKES, useMessageText } from '@shambasoko/shared';
import { EmptyWithLink } from '../../components/empty-with-link';
import { Button, Card, ErrorState, PageHeader, SelectField, buttonClassName } from '@shambasoko/shared/ui';
import { KENYA_COUNTIES } from '@shambasoko/contracts';
import { useDeliveryCounty } from '../../lib/cart/delivery-county-store';
import { PromoCodeField, usePromoDiscount } from '../../lib/cart/promo-code-field';
import { useCart } from '../../lib/cart/use-cart';
import { ArrowLeftIcon, MapPinIcon, TrashIcon } from '../../components/icons';
import { CartIcon } from '../../components/frame-icons';
import { PreorderNote } from '../../components/preorder-note';
import { productPath } from '../../components/market-paths';
import { ProductImage } from '../../components/product-image';
import { QuantitySelector } from '../../components/quantity-selector';
import { DeliveryPerSeller, SummaryRows } from '../../components/summary-rows';
import { orderSummary } from '../../lib/cart-math';
import { useT } from '../../lib/i18n';
import { ready as readyBuy, useT as useBuyT } from '../../lib/i18n-buy';
import { ready as readyCart, useT as useCartT } from '../../lib/i18n-cart';
import { signInPath, useShopper } from '../../lib/session';
import { useCartQuote } from './api/get-cart-quote';
import { useLastCounty } from './api/get-last-county';

// With Kiswahili, the page's own words and the ones it shares with the checkout and the product page
// (i18n-buy.ts: the summary, the promo field, the quantity control) are fetched together as the page's
// code arrives, not the shared ones only once the page's have come and its parts render.
void readyCart();
void readyBuy();

const COUNTY_OPTIONS = KENYA_COUNTIES.map((c) => ({ value: c, label: c }));

function CartLine({
  item,
  busy,
  error,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  busy: boolean;
  error: string | undefined;
  onQuantity(q: number): void;
  onRemove(): void;
}) {
  const t = useT();
  const cartT = useCartT();
  return (
    <li className="flex gap-3 py-4 sm:gap-4" aria-busy={busy || undefined}>
      <Link to={productPath(item.productId)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ProductImage src={item.image} alt="" className="size-20 rounded-lg sm:size-24" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold text-stone-900">
            <Link to={productPath(item.productId)} className="hover:text-brand-700">
              {item.name}
            </Link>
          </h3>
          <button
            type="button"
            aria-label={cartT('cart.remove', { name: item.name })}
            onClick={onRemove}
            disabled={busy}
            className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-lg text-stone-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
          >
            <TrashIcon />
          </button>
        </div>
        <p className="text-sm text-stone-600">
          {item.seller} · <MapPinIcon className="inline text-stone-400" /> {item.location}
        </p>
        <p className="text-sm text-stone-600 tabular-nums">{cartT('cart.each', { price: formatKES(item.price) })}</p>
        {item.harvestExpected && <PreorderNote harvestExpected={item.harvestExpected} />}
        {!item.inStock && <p className="text-sm font-medium text-red-700">{t('common.outOfStock')}</p>}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <QuantitySelector
            label={cartT('cart.quantityOf', { name: item.name })}
            value={item.quantity}
            max={item.stockQuantity}
            onChange={onQuantity}
            disabled={busy}
          />
          <span className="font-semibold text-stone-900 tabular-nums">{formatKES(item.price * item.quantity)}</span>
        </div>
        {item.quantity >= item.stockQuantity && item.inStock && (
          <p className="text-xs text-stone-500">{cartT('cart.onlyLeft', { count: item.stockQuantity })}</p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}

export default function CartPage() {
  const t = useT();
  const cartT = useCartT();
  const tb = useBuyT();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const cart = useCart();
  const promo = usePromoDiscount(cart.subtotal);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  // The fee is each seller's, from their county to the buyer's: known only once a county is, never guessed.
  const lastCounty = useLastCounty(useShopper().userKey);
  const chosenCounty = useDeliveryCounty((s) => s.county);
  const setCounty = useDeliveryCounty((s) => s.setCounty);
  const county = chosenCounty ?? lastCounty ?? '';
  const quote = useCartQuote({ county, lines: cart.items, enabled: cart.signedIn });
  const quoted = quote.isSuccess ? quote.data : null;
  const goods = orderSummary({ subtotal: cart.subtotal, discount: promo.discount, delivery: 'standard' });
  const deliveryFee = quoted?.deliveryFee ?? 0;
  const summary = { ...goods, deliveryFee, total: goods.subtotal - goods.discount + deliveryFee };

  const run = async (productId: string, action: () => Promise<void>) => {
    setLineErrors(({ [productId]: _gone, ...rest }) => rest);
    try {
      await action();
    } catch (e) {
      setLineErrors((prev) => ({ ...prev, [productId]: e instanceof Error ? messageText(e.message) : cartT('cart.updateFailed') }));
    }
  };

  const checkout = () => {
    if (cart.signedIn) navigate('/checkout');
    else navigate(signInPath('/checkout'), { state: { from: '/checkout' } });
  };

  const header = (
    <div className="flex items-start gap-2">
      <Link
        to="/market"
        aria-label={t('common.backToMarket')}
        className="mt-0.5 inline-flex size-10 items-center justify-center rounded-lg text-xl text-stone-600 hover:bg-stone-100"
      >
        <ArrowLeftIcon />
      </Link>
      <PageHeader
        title={cartT('cart.title')}
        subtitle={cart.items.length > 0 ? cartT('cart.subtitle', { count: cart.itemCount }) : undefined}
      />
    </div>
  );

  let body;
  if (cart.isLoading) {
    body = <div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-stone-200" />;
  } else if (cart.error) {
    body = <ErrorState title={cartT('cart.loadError')} message={messageText(cart.error.message)} onRetry={cart.refetch} />;
  } else if (cart.items.length === 0) {
    body = (
      <Card>
        <EmptyWithLink
          icon={<CartIcon />}
          title={t('common.cartEmpty')}
          message={t('common.cartEmptyText')}
          to="/market"
          label={t('common.continueShopping')}
        />
      </Card>
    );
  } else {
    body = (
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2 lg:self-start" title={cartT('cart.items')}>
          <ul className="-my-4 divide-y divide-stone-200">
            {cart.items.map((item) => (
              <CartLine
                key={item.productId}
                item={item}
                busy={cart.pendingProductId === item.productId}
                error={lineErrors[item.productId]}
                onQuantity={(q) => run(item.productId, () => cart.setQuantity(item.productId, q))}
                onRemove={() => run(item.productId, () => cart.remove(item.productId))}
              />
            ))}
          </ul>
        </Card>
        <div className="flex flex-col gap-4 lg:sticky lg:top-24 lg:self-start">
          <Card title={t('common.orderSummary')}>
            <div className="flex flex-col gap-4">
              {cart.signedIn ? (
                <SelectField
                  label={cartT('cart.county')}
                  placeholder={tb('shipping.countyPlaceholder')}
                  options={COUNTY_OPTIONS}
                  value={county}
                  onChange={(e) => setCounty(e.target.value || null)}
                  hint={county ? cartT('cart.standardDelivery') : cartT('cart.chooseCounty')}
                />
              ) : (
                <p className="text-sm text-stone-600">{cartT('cart.guestDelivery')}</p>
              )}
              <SummaryRows
                summary={summary}
                itemCount={cart.itemCount}
                promoCode={promo.code}
                deliveryLabel={quoted ? undefined : quote.isFetching ? cartT('cart.quoting') : cartT('cart.deliveryDepends')}
                totalLabel={quoted ? undefined : cartT('cart.totalBeforeDelivery')}
                deliveryDetail={quoted && <DeliveryPerSeller sellers={quoted.sellers} />}
              />
              {quote.isError && <p className="text-xs text-red-700">{messageText(quote.error.message)}</p>}
              <PromoCodeField subtotal={cart.subtotal} />
              <Button onClick={checkout} className="w-full">
                {cartT('cart.proceed')}
              </Button>
              <Link to="/market" className={buttonClassName({ variant: 'secondary', className: 'w-full' })}>
                {t('common.continueShopping')}
              </Link>
              {!cart.signedIn && <p className="text-center text-xs text-stone-500">{cartT('cart.signInNote')}</p>}
            </div>
          </Card>
        </div>
      </div>
    );
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      {header}
      {body}
    </main>
  );
}
