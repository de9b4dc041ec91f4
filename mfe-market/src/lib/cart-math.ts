import type { DeliveryMethod } from '@shambasoko/contracts';
import { t, type MarketKey } from './i18n';

/** A delivery method: its fee in KES, and its name and time read in the page's language. */
const option = (price: number, label: MarketKey, range: string) => ({
  price,
  get label() {
    return t(label);
  },
  get time() {
    return t('delivery.businessDays', { range });
  },
});

/** Spec section 9: delivery fees in KES and their times. */
export const DELIVERY_OPTIONS: Record<DeliveryMethod, { readonly label: string; price: number; readonly time: string }> = {
  standard: option(350, 'delivery.standard', '5-7'),
  express: option(700, 'delivery.express', '2-3'),
};

export interface OrderSummary {
  subtotal: number;
  discount: number;
  deliveryFee: number;
  total: number;
}

/**
 * The figures an order summary shows. A discount never takes the goods below zero (the delivery fee
 * is always paid), mirroring how the server prices the order.
 */
export function orderSummary({
  subtotal,
  discount = 0,
  delivery = 'standard',
}: {
  subtotal: number;
  discount?: number;
  delivery?: DeliveryMethod;
}): OrderSummary {
  const safeDiscount = Math.min(Math.max(0, Math.round(discount)), subtotal);
  const deliveryFee = subtotal > 0 ? DELIVERY_OPTIONS[delivery].price : 0;
  return { subtotal, discount: safeDiscount, deliveryFee, total: subtotal - safeDiscount + deliveryFee };
}
