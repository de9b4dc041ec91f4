// A cart's lines in figures, apart from the delivery fees and their words (cart-math.ts): the market's
// frame keeps the cart (use-cart.ts, guest-cart-store.ts) and takes these with it (webpack.config.mjs,
// market-frame), while an order's page reads the fees without the cart.

/** Sum of price × quantity, whole KES. */
export function itemsSubtotal(items: readonly { price: number; quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);
}

/** Keeps a wanted quantity within 1..stock; a stock of 0 still yields 1, the caller disables buying. */
export function clampQuantity(wanted: number, stock: number): number {
  const max = Math.max(1, Math.floor(stock));
  if (!Number.isFinite(wanted)) return 1;
  return Math.min(max, Math.max(1, Math.floor(wanted)));
}
