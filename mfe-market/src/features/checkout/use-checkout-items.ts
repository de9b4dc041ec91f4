import type { CartLine, OrderItem } from '@shambasoko/contracts';
import { useProduct } from '../../lib/product/get-product';
import { useCart } from '../../lib/cart/use-cart';
import { clampQuantity } from '../../lib/cart/cart-lines';

/** A line of this checkout; a pre-order's carries its harvest date. */
type CheckoutItem = OrderItem & { harvestExpected: string | null };

export interface CheckoutItems {
  items: CheckoutItem[];
  /** Sent as the order's `items` for Buy Now; undefined means "the cart". */
  buyNowLines: CartLine[] | undefined;
  isLoading: boolean;
  error: Error | null;
  refetch(): void;
}

/** What this checkout buys: the one Buy Now item from the URL, else the cart. */
export function useCheckoutItems(buyNowId: string | null, buyNowQuantity: number): CheckoutItems {
  const cart = useCart();
  const product = useProduct(buyNowId);
  if (buyNowId) {
    const p = product.data;
    const quantity = p ? clampQuantity(buyNowQuantity, p.stockQuantity) : 1;
    return {
      items: p
        ? [{ productId: p.id, name: p.name, price: p.price, quantity, image: p.image, harvestExpected: p.harvestExpected ?? null }]
        : [],
      buyNowLines: [{ productId: buyNowId, quantity }],
      isLoading: product.isPending,
      error: product.error,
      refetch: () => void product.refetch(),
    };
  }
  return {
    items: cart.items.map((i) => ({
      productId: i.productId,
      name: i.name,
      price: i.price,
      quantity: i.quantity,
      image: i.image,
      harvestExpected: i.harvestExpected ?? null,
    })),
    buyNowLines: undefined,
    isLoading: cart.isLoading,
    error: cart.error,
    refetch: cart.refetch,
  };
}
