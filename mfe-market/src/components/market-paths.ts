// The addresses of a listing and a shop, apart from the product card: the header's search suggestions
// and the cart link to listings without showing a card, and must not load the card's code for it.

export const productPath = (id: string) => `/market/item?itemId=${encodeURIComponent(id)}`;
export const storefrontPath = (sellerId: string) => `/market/seller/${encodeURIComponent(sellerId)}`;
