import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryMethod, PaymentForm, PlaceOrderRequest, ShippingForm } from '@shambasoko/contracts';
import { ApiError, formatKES, isUnreachable, shownEmail, Spinner, useMessageText, useSession } from '@shambasoko/shared';
import { MPESA_MAX_AMOUNT } from '@shambasoko/contracts/payment-values';
import { Card, ErrorState, PageHeader } from '@shambasoko/shared/ui';
import { EmptyWithLink } from '../../components/empty-with-link';
import { PromoCodeField, usePromoDiscount } from '../../lib/cart/promo-code-field';
import { usePromo } from '../../lib/cart/promo-store';
import { CartIcon } from '../../components/frame-icons';
import { PreorderNote } from '../../components/preorder-note';
import { ProductImage } from '../../components/product-image';
import { DeliveryPerSeller, SummaryRows } from '../../components/summary-rows';
import { DELIVERY_OPTIONS, orderSummary } from '../../lib/cart-math';
import { itemsSubtotal } from '../../lib/cart/cart-lines';
import { useT } from '../../lib/i18n';
import { ready as readyBuy } from '../../lib/i18n-buy';
import { ready as readyCheckout, useT as useCheckoutT } from '../../lib/i18n-checkout';
import { useT as useRouteT } from '../../lib/i18n-routes';
import { lazyResolver, usePrefetchOnIntent } from '../../lib/lazy-resolver';
import { leaveFor } from '../../lib/leave-for';
import { spacedPhone } from '../../lib/mpesa-phone';
import { signInPath, useShopper } from '../../lib/session';
import { type SmallForm, useSmallForm } from '../../lib/small-form';
import { useDeliveryCounty } from '../../lib/cart/delivery-county-store';
import { useOrderQuote } from './api/get-quote';
import { newIdempotencyKey, placeOrder } from './api/place-order';
import { clearCheckoutDraft, loadCheckoutDraft, saveCheckoutDraft, type CheckoutDraft } from './checkout-draft';
import { useLastShipping } from './api/get-last-shipping';
import { useProfilePhone } from './api/get-profile-phone';
import { ShippingStep } from './components/shipping-step';
import { StepIndicator } from './components/step-indicator';
import { useCheckoutItems } from './use-checkout-items';

// With Kiswahili, the page's own words and the ones it shares with the cart and an order (i18n-buy.ts:
// the summary, the promo field, the M-Pesa number's problems) are fetched together as the page's code
// arrives, not the shared ones only once the page's have come and its parts render.
void readyCheckout();
void readyBuy();

function useInitialShipping(): ShippingForm {
  const user = useSession((s) => s.user);
  const [first = '', ...rest] = (user?.displayName ?? '').trim().split(/\s+/);
  return {
    firstName: first,
    lastName: rest.join(' '),
    email: shownEmail(user?.email),
    phone: '',
    address: '',
    city: '',
    state: '',
    postalCode: '',
  };
}

const REPEATED_FIELDS = ['phone', 'city', 'state', 'address', 'pickupPoint', 'postalCode'] as const;

/**
 * Fills what the buyer would type again: phone and address from their last order, else the phone on
 * their profile. Only empty fields the buyer is not in, each at most once, so neither a saved draft
 * nor the buyer's own typing (or clearing) is overwritten.
 */
function usePrefilledShipping(form: SmallForm<ShippingForm, ShippingForm>, owner: string, profilePhone: string | null) {
  const last = useLastShipping(owner);
  // The county chosen on /cart is the one its delivery fee was shown for.
  const cartCounty = useDeliveryCounty((s) => s.county);
  const filled = useRef(new Set<keyof ShippingForm>());
  useEffect(() => {
    if (!last.settled) return;
    const from: Partial<ShippingForm> = {
      ...last.shipping,
      state: cartCounty ?? last.shipping?.state,
      phone: last.shipping?.phone ?? (profilePhone ? spacedPhone(profilePhone) : ''),
    };
    // The field the buyer is in is theirs: filling it now would mix into what they are typing.
    const typingIn = (document.activeElement as HTMLInputElement | null)?.name;
    for (const name of REPEATED_FIELDS) {
      const value = from[name];
      if (!value || filled.current.has(name) || form.getValues(name) || typingIn === name) continue;
      filled.current.add(name);
      form.setValue(name, value);
    }
  }, [form, last.settled, last.shipping, profilePhone, cartCounty]);
}

// Checked on "Continue", then again as each field changes (as useSmallForm always does); the step moves focus itself (step-form.tsx).
const FORM_OPTIONS = { shouldFocusError: false } as const;

// The contract's checks (zod and the schemas) load on the first tap or key, not with the page.
const shippingChecks = lazyResolver(() => import('./checkout-validation').then((m) => m.shippingResolver));
const paymentChecks = lazyResolver(() => import('./checkout-validation').then((m) => m.paymentResolver));
// The payment and review steps load with the checks, on the first tap or key (the first screen is the
// shipping step), and at once for a draft that reopens on them.
const loadPaymentStep = () => import('./components/payment-step');
const loadReviewStep = () => import('./components/review-step');
const PaymentStep = lazy(() => loadPaymentStep().then((m) => ({ default: m.PaymentStep })));
const ReviewStep = lazy(() => loadReviewStep().then((m) => ({ default: m.ReviewStep })));
const prefetchChecks = () => {
  shippingChecks.prefetch();
  paymentChecks.prefetch();
  // A step that cannot load now (offline) is asked for again when it is opened.
  loadPaymentStep().catch(() => undefined);
  loadReviewStep().catch(() => undefined);
};

/** No answer or a 5xx: the order may or may not exist, so the same Idempotency-Key must be sent again. */
const outcomeUnknown = (error: Error) => isUnreachable(error) || (error instanceof ApiError && error.status >= 500);

function Checkout() {
  const t = useT();
  const routeT = useRouteT();
  const checkoutT = useCheckoutT();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const buyNowId = params.get('buyNow');
  const sourceId = buyNowId ?? 'cart';
  const source = useCheckoutItems(buyNowId, Number(params.get('quantity') ?? '1'));
  const setPromoCode = usePromo((s) => s.setCode);
  const owner = useShopper().userKey ?? 'me';
  const initialShipping = useInitialShipping();
  const [draft] = useState(() => loadCheckoutDraft(owner));

  const [step, setStep] = useState(0);
  usePrefetchOnIntent(prefetchChecks);
  const shippingForm = useSmallForm<ShippingForm, ShippingForm>({
    ...FORM_OPTIONS,
    resolver: shippingChecks.resolver,
    defaultValues: draft?.shipping ?? initialShipping,
  });
  const [delivery, setDelivery] = useState<DeliveryMethod>(draft?.delivery ?? 'standard');
  const paymentForm = useSmallForm<PaymentForm, PaymentForm>({
    ...FORM_OPTIONS,
    resolver: paymentChecks.resolver,
    defaultValues: { method: draft?.paymentMethod ?? 'mpesa', phone: draft?.paymentPhone ?? '' },
  });
  const profilePhone = useProfilePhone(true);
  usePrefilledShipping(shippingForm, owner, profilePhone);
  const [serverError, setServerError] = useState<string | null>(null);
  const [preorderAgreed, setPreorderAgreed] = useState(false);

  // One key per checkout attempt, kept across retries and double clicks. The server claims a key only
  // inside the order's transaction, so a refused attempt leaves it unused and safe to send again; a
  // lost answer to a successful one makes the retry return that same order. While the outcome is
  // unknown the key is also in the draft, so a retry after a reload reuses it too.
  const storedAttempt = useRef<CheckoutDraft['attempt']>(draft?.attempt ?? null);
  const attemptKey = useRef<string | null>(draft?.attempt?.source === sourceId ? draft.attempt.key : null);
  const inFlight = useRef(false);
  const placed = useRef(false);
  const mutation = useMutation({ mutationFn: placeOrder });

  const writeDraft = () => {
    if (placed.current) return;
    const { method: paymentMethod, phone: paymentPhone } = paymentForm.getValues();
    saveCheckoutDraft({ owner, shipping: shippingForm.getValues(), delivery, paymentMethod, paymentPhone, attempt: storedAttempt.current });
  };
  // Saved as the user types, so neither a reload nor a failed submission loses the form.
  useEffect(() => {
    writeDraft();
    const watchers = [shippingForm.watch(writeDraft), paymentForm.watch(writeDraft)];
    return () => watchers.forEach((w) => w.unsubscribe());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [owner, delivery]);

  const subtotal = itemsSubtotal(source.items);
  const promo = usePromoDiscount(subtotal);
  const county = shippingForm.watch('state') ?? '';
  const quote = useOrderQuote({ county, delivery, buyNow: source.buyNowLines, lines: source.items });
  // The quote's fee per seller once it answers; until then the base fee, shown as "from".
  const quoted = quote.isSuccess && !quote.isFetching ? quote.data : null;
  const base = orderSummary({ subtotal, discount: promo.discount, delivery });
  const summary = quoted ? { ...base, deliveryFee: quoted.deliveryFee, total: base.total - base.deliveryFee + quoted.deliveryFee } : base;
  const itemCount = source.items.reduce((n, i) => n + i.quantity, 0);
  // Safaricom takes no more in one M-Pesa payment (the API refuses it too): bank transfer instead.
  const mpesaTooLarge = summary.total > MPESA_MAX_AMOUNT;
  useEffect(() => {
    if (mpesaTooLarge && paymentForm.getValues('method') === 'mpesa') paymentForm.setValue('method', 'bank');
  }, [mpesaTooLarge, paymentForm]);

  // The number the payment step was opened with, while it is still the one in the field.
  const offeredPhone = useRef<string | null>(null);
  const goTo = (next: number) => {
    // M-Pesa prompts the profile's phone, else the delivery phone, unless the buyer typed another.
    if (next === 1 && !paymentForm.getValues('phone')) {
      const phone = profilePhone ? spacedPhone(profilePhone) : shippingForm.getValues('phone');
      if (phone) paymentForm.setValue('phone', phone);
      offeredPhone.current = phone || null;
    }
    setStep(next);
    window.scrollTo({ top: 0 });
  };
  // A profile that answers after the step opened (a slow network) still gives M-Pesa its number, in
  // place of the delivery phone the step took meanwhile, but never over what the buyer typed or is in.
  useEffect(() => {
    if (step !== 1 || !profilePhone || offeredPhone.current === null) return;
    const typingIn = (document.activeElement as HTMLInputElement | null)?.name;
    if (typingIn === 'phone' || paymentForm.getValues('phone') !== offeredPhone.current) return;
    offeredPhone.current = spacedPhone(profilePhone);
    paymentForm.setValue('phone', offeredPhone.current);
  }, [step, profilePhone, paymentForm]);

  const hasPreorder = source.items.some((item) => item.harvestExpected !== null);
  const place = () => {
    if (inFlight.current) return;
    // The API refuses it too; saying so here spares a round trip and keeps the key unused.
    if (hasPreorder && !preorderAgreed) {
      setServerError(t('preorder.agreeRequired'));
      return;
    }
    inFlight.current = true;
    attemptKey.current ??= newIdempotencyKey();
    // Stored before sending: a reload while the request is out leaves its outcome unknown.
    storedAttempt.current = { key: attemptKey.current, source: sourceId };
    writeDraft();
    setServerError(null);
    const shipping = shippingForm.getValues();
    const payment = paymentForm.getValues();
    const body: PlaceOrderRequest = {
      shipping: { ...shipping, postalCode: shipping.postalCode?.trim() || undefined },
      delivery,
      // Only what the contract allows: no card field exists (the card is typed on the partner's page).
      payment: payment.method === 'mpesa' ? { method: 'mpesa', phone: payment.phone ?? '' } : { method: payment.method },
      promoCode: promo.code ?? undefined,
      items: source.buyNowLines,
      ...(hasPreorder ? { preorderAgreed } : {}),
    };
    mutation.mutate(
      { body, idempotencyKey: attemptKey.current },
      {
        onSuccess: (order) => {
          placed.current = true;
          clearCheckoutDraft();
          attemptKey.current = null;
          setPromoCode(null);
          void queryClient.invalidateQueries({ queryKey: ['market'] });
          // Card: the partner's hosted page takes the card, then returns to the confirmation page.
          if (order.payment.method === 'card' && order.payment.redirectUrl) leaveFor(order.payment.redirectUrl);
          // The confirmation page (dashboard layout, no market toasts) says 'Order placed successfully!'.
          else navigate(`/orders/${encodeURIComponent(order.id)}/confirmation`, { state: { placed: true } });
        },
        onError: (error) => {
          if (outcomeUnknown(error)) {
            setServerError(checkoutT('checkout.keptNote', { message: messageText(error.message) }));
            return;
          }
          // Refused: nothing was placed under this key, so a reload may start a fresh attempt.
          storedAttempt.current = null;
          writeDraft();
          setServerError(messageText(error.message));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  if (source.isLoading) return <div aria-busy="true" className="h-96 animate-pulse rounded-xl bg-stone-200" />;
  if (source.error)
    return <ErrorState title={checkoutT('checkout.loadError')} message={messageText(source.error.message)} onRetry={source.refetch} />;
  if (source.items.length === 0) {
    // A placement whose answer was lost may have gone through (and emptied the cart): say where to look.
    const maybePlaced = storedAttempt.current?.source === sourceId;
    return (
      <Card>
        <EmptyWithLink
          icon={<CartIcon />}
          title={t('common.cartEmpty')}
          message={maybePlaced ? checkoutT('checkout.maybePlaced') : t('common.cartEmptyText')}
          to={maybePlaced ? '/orders' : '/market'}
          label={maybePlaced ? routeT('route.myOrders') : t('common.continueShopping')}
        />
      </Card>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 lg:col-span-2">
        <StepIndicator current={step} />
        <Card>
          {step === 0 && (
            <ShippingStep
              form={shippingForm}
              delivery={delivery}
              onDelivery={setDelivery}
              backLabel={buyNowId ? t('common.back') : checkoutT('checkout.backToCart')}
              onBack={() => (buyNowId ? navigate(`/market/item?itemId=${encodeURIComponent(buyNowId)}`) : navigate('/cart'))}
              onContinue={() => goTo(1)}
            />
          )}
          <Suspense fallback={<Spinner />}>
            {step === 1 && (
              <PaymentStep form={paymentForm} mpesaTooLarge={mpesaTooLarge} onBack={() => goTo(0)} onContinue={() => goTo(2)} />
            )}
            {step === 2 && (
              <ReviewStep
                shipping={shippingForm.getValues()}
                delivery={delivery}
                payment={paymentForm.getValues()}
                total={summary.total}
                error={serverError}
                placing={mutation.isPending}
                onEdit={(s) => goTo(s)}
                onBack={() => goTo(1)}
                onPlace={place}
                preorder={
                  hasPreorder
                    ? {
                        agreed: preorderAgreed,
                        onAgree: (agreed) => {
                          setPreorderAgreed(agreed);
                          if (agreed) setServerError(null);
                        },
                      }
                    : undefined
                }
              />
            )}
          </Suspense>
        </Card>
      </div>
      <aside className="lg:sticky lg:top-24 lg:self-start">
        <Card title={t('common.orderSummary')}>
          <ul className="mb-4 flex flex-col gap-3">
            {source.items.map((item) => (
              <li key={item.productId} className="flex items-center gap-3 text-sm">
                <ProductImage src={item.image} alt="" className="size-12 shrink-0 rounded-lg" />
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 font-medium text-stone-900">{item.name}</span>
                  <span className="text-stone-500">{checkoutT('checkout.qty', { count: item.quantity })}</span>
                  {item.harvestExpected && <PreorderNote harvestExpected={item.harvestExpected} className="text-xs" />}
                </span>
                <span className="font-medium tabular-nums">{formatKES(item.price * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-4 border-t border-stone-200 pt-4">
            <SummaryRows
              summary={summary}
              itemCount={itemCount}
              promoCode={promo.code}
              deliveryLabel={quoted ? undefined : t('common.from', { amount: formatKES(DELIVERY_OPTIONS[delivery].price) })}
              deliveryDetail={quoted && <DeliveryPerSeller sellers={quoted.sellers} />}
            />
            {quote.isError && <p className="text-xs text-red-700">{messageText(quote.error.message)}</p>}
            <PromoCodeField subtotal={subtotal} />
          </div>
        </Card>
      </aside>
    </div>
  );
}

export default function CheckoutPage() {
  const t = useT();
  const checkoutT = useCheckoutT();
  const { signedIn } = useShopper();
  const { pathname, search } = useLocation();
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageHeader title={checkoutT('checkout.title')} />
      {signedIn ? (
        <Checkout />
      ) : (
        <Card>
          <EmptyWithLink
            icon={null}
            title={checkoutT('checkout.signInTitle')}
            message={checkoutT('checkout.signInText')}
            to={signInPath(pathname + search)}
            state={{ from: pathname + search }}
            label={t('common.signIn')}
          />
        </Card>
      )}
    </main>
  );
}
