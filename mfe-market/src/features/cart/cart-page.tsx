import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatKES, type CartItem } from '@shambasoko/shared';
import { EmptyWithLink } from '../../components/empty-with-link';
import { Button, Card, ErrorState, PageHeader, buttonClassName } from '@shambasoko/shared/ui';
import { PromoCodeField, usePromoDiscount } from '../../lib/cart/promo-code-field';
import { useCart } from '../../lib/cart/use-cart';
import { ArrowLeftIcon, CartIcon, MapPinIcon, TrashIcon } from '../../components/icons';
import { productPath } from '../../components/product-card';
import { ProductImage } from '../../components/product-image';
import { QuantitySelector } from '../../components/quantity-selector';
import { SummaryRows } from '../../components/summary-rows';
import { DELIVERY_OPTIONS, orderSummary } from '../../lib/cart-math';
import { signInPath } from '../../lib/session';

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
            aria-label={`Remove ${item.name}`}
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
        <p className="text-sm text-stone-600 tabular-nums">{formatKES(item.price)} each</p>
        {!item.inStock && <p className="text-sm font-medium text-red-700">Out of Stock</p>}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <QuantitySelector
            label={`Quantity of ${item.name}`}
            value={item.quantity}
            max={item.stockQuantity}
            onChange={onQuantity}
            disabled={busy}
          />
          <span className="font-semibold text-stone-900 tabular-nums">{formatKES(item.price * item.quantity)}</span>
        </div>
        {item.quantity >= item.stockQuantity && item.inStock && (
          <p className="text-xs text-stone-500">Only {item.stockQuantity} in stock</p>
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
  const navigate = useNavigate();
  const cart = useCart();
  const promo = usePromoDiscount(cart.subtotal);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const summary = orderSummary({ subtotal: cart.subtotal, discount: promo.discount, delivery: 'standard' });

  const run = async (productId: string, action: () => Promise<void>) => {
    setLineErrors(({ [productId]: _gone, ...rest }) => rest);
    try {
      await action();
    } catch (e) {
      setLineErrors((prev) => ({ ...prev, [productId]: e instanceof Error ? e.message : 'Could not update your cart.' }));
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
        aria-label="Back to Marketplace"
        className="mt-0.5 inline-flex size-10 items-center justify-center rounded-lg text-xl text-stone-600 hover:bg-stone-100"
      >
        <ArrowLeftIcon />
      </Link>
      <PageHeader
        title="Shopping Cart"
        subtitle={cart.items.length > 0 ? `${cart.itemCount} ${cart.itemCount === 1 ? 'item' : 'items'} in your cart` : undefined}
      />
    </div>
  );

  let body;
  if (cart.isLoading) {
    body = <div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-stone-200" />;
  } else if (cart.error) {
    body = <ErrorState title="We could not load your cart" message={cart.error.message} onRetry={cart.refetch} />;
  } else if (cart.items.length === 0) {
    body = (
      <Card>
        <EmptyWithLink
          icon={<CartIcon />}
          title="Your cart is empty"
          message="Add some products to get started"
          to="/market"
          label="Continue Shopping"
        />
      </Card>
    );
  } else {
    body = (
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2 lg:self-start" title="Items">
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
          <Card title="Order Summary">
            <div className="flex flex-col gap-4">
              <SummaryRows
                summary={summary}
                itemCount={cart.itemCount}
                promoCode={promo.code}
                deliveryLabel={`from ${formatKES(DELIVERY_OPTIONS.standard.price)}`}
              />
              <PromoCodeField subtotal={cart.subtotal} />
              <Button onClick={checkout} className="w-full">
                Proceed to Checkout
              </Button>
              <Link to="/market" className={buttonClassName({ variant: 'secondary', className: 'w-full' })}>
                Continue Shopping
              </Link>
              {!cart.signedIn && <p className="text-center text-xs text-stone-500">You will be asked to sign in. Your cart is kept.</p>}
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
