import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, CartItem, ProductSummary } from '@shambasoko/contracts';
import { itemsSubtotal } from './cart-lines';
import { useShopper } from '../session';
import { addCartItem } from './api/add-cart-item';
import { cartQuery, useServerCart } from './api/get-cart';
import { removeCartItem } from './api/remove-cart-item';
import { updateCartItem } from './api/update-cart-item';
import { useGuestCart } from './guest-cart-store';

/** What the cart needs to know of a product to add it (a product card or the product page has it). */
export type CartProduct = Pick<
  ProductSummary,
  'id' | 'name' | 'price' | 'location' | 'rating' | 'image' | 'inStock' | 'stockQuantity' | 'harvestExpected'
> & {
  seller: { name: string };
};

function toCartItem(product: CartProduct, quantity: number): CartItem {
  return {
    productId: product.id,
    name: product.name,
    price: product.price,
    quantity,
    seller: product.seller.name,
    location: product.location,
    rating: product.rating,
    image: product.image,
    inStock: product.inStock,
    stockQuantity: product.stockQuantity,
    harvestExpected: product.harvestExpected ?? null,
  };
}

function isCart(value: unknown): value is Cart {
  return typeof value === 'object' && value !== null && Array.isArray((value as Cart).items);
}

export interface UseCart {
  signedIn: boolean;
  items: CartItem[];
  itemCount: number;
  subtotal: number;
  isLoading: boolean;
  error: Error | null;
  refetch(): void;
  /** Rejects with the server's message (ApiError) when the server refuses. */
  add(product: CartProduct, quantity: number): Promise<void>;
  setQuantity(productId: string, quantity: number): Promise<void>;
  remove(productId: string): Promise<void>;
  pendingProductId: string | null;
}

/**
 * One cart for every page: the server cart when signed in, the browser's guest cart otherwise.
 * `afterFirstScreen` for a use that only counts or adds (useServerCart).
 */
export function useCart({ afterFirstScreen = false }: { afterFirstScreen?: boolean } = {}): UseCart {
  const { signedIn, userKey } = useShopper();
  const queryClient = useQueryClient();
  const server = useServerCart(userKey, afterFirstScreen);
  const guest = useGuestCart();

  const key = cartQuery(userKey ?? '').queryKey;
  const onSaved = (answer: unknown) => {
    if (isCart(answer)) queryClient.setQueryData(key, answer);
    return queryClient.invalidateQueries({ queryKey: key });
  };
  const addMutation = useMutation({ mutationFn: addCartItem, onSuccess: onSaved });
  const updateMutation = useMutation({ mutationFn: updateCartItem, onSuccess: onSaved });
  const removeMutation = useMutation({ mutationFn: removeCartItem, onSuccess: onSaved });

  const pendingProductId =
    (updateMutation.isPending ? updateMutation.variables?.productId : null) ??
    (removeMutation.isPending ? removeMutation.variables : null) ??
    null;

  if (signedIn) {
    const items = server.data?.items ?? [];
    return {
      signedIn,
      items,
      itemCount: server.data?.itemCount ?? 0,
      subtotal: server.data?.subtotal ?? 0,
      isLoading: server.isPending,
      // A failed refetch keeps the cart already shown; only a cart never loaded is an error.
      error: server.data ? null : server.error,
      refetch: () => void server.refetch(),
      add: async (product, quantity) => {
        await addMutation.mutateAsync({ productId: product.id, quantity });
      },
      setQuantity: async (productId, quantity) => {
        await updateMutation.mutateAsync({ productId, quantity });
      },
      remove: async (productId) => {
        await removeMutation.mutateAsync(productId);
      },
      pendingProductId,
    };
  }

  return {
    signedIn,
    items: guest.items,
    itemCount: guest.items.reduce((n, i) => n + i.quantity, 0),
    subtotal: itemsSubtotal(guest.items),
    isLoading: false,
    error: null,
    refetch: () => undefined,
    add: async (product, quantity) => guest.add(toCartItem(product, quantity)),
    setQuantity: async (productId, quantity) => guest.setQuantity(productId, quantity),
    remove: async (productId) => guest.remove(productId),
    pendingProductId: null,
  };
}
