import { create } from 'zustand';
import type { CartItem } from '@shambasoko/contracts';
import { createJSONStorage, persist } from '@shambasoko/shared';
import { clampQuantity } from './cart-lines';

const GUEST_CART_KEY = 'guestCart';

interface GuestCartState {
  items: CartItem[];
  /** Adds `item.quantity` to what is already in the cart, capped at stock. */
  add(item: CartItem): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  clear(): void;
}

/**
 * A signed-out visitor's cart. It lives in this remote (not the shared session store) because only
 * market pages read it; it is merged into the server cart at sign-in (use-guest-cart-merge.ts).
 */
export const useGuestCart = create<GuestCartState>()(
  persist(
    (set) => ({
      items: [],
      add: (item) =>
        set((s) => {
          const existing = s.items.find((i) => i.productId === item.productId);
          if (!existing) return { items: [...s.items, { ...item, quantity: clampQuantity(item.quantity, item.stockQuantity) }] };
          return {
            items: s.items.map((i) =>
              i.productId === item.productId ? { ...item, quantity: clampQuantity(i.quantity + item.quantity, item.stockQuantity) } : i,
            ),
          };
        }),
      setQuantity: (productId, quantity) =>
        set((s) => ({
          items: s.items.map((i) => (i.productId === productId ? { ...i, quantity: clampQuantity(quantity, i.stockQuantity) } : i)),
        })),
      remove: (productId) => set((s) => ({ items: s.items.filter((i) => i.productId !== productId) })),
      clear: () => set({ items: [] }),
    }),
    { name: GUEST_CART_KEY, storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
