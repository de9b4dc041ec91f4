import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartLine, DeliveryMethod } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';
import type { OrderQuote, OrderQuoteRequest } from '@shambasoko/contracts';
import { isKenyaCounty } from '@shambasoko/contracts/counties';

const getQuote = (body: OrderQuoteRequest) => api.post<OrderQuote>('/v1/orders/quote', body);

/** What the quote depends on; `lines` is what is bought (Buy Now or the cart's lines), so a change asks again. */
export interface QuoteInput {
  county: string;
  delivery: DeliveryMethod;
  buyNow: CartLine[] | undefined;
  lines: readonly { productId: string; quantity: number }[];
}

const quoteQuery = ({ county, delivery, buyNow, lines }: QuoteInput) =>
  queryOptions({
    queryKey: ['market', 'quote', county, delivery, buyNow ? 'buy-now' : 'cart', lines.map((l) => `${l.productId}×${l.quantity}`)],
    queryFn: () => getQuote({ county, delivery, items: buyNow }),
    staleTime: 60_000,
  });

/** The delivery fee per seller for the chosen county and method; asks only once a real county is chosen. No
 * placeholder: while a new answer loads, the summary says "from" the base fee rather than an old figure. */
export const useOrderQuote = (input: QuoteInput) =>
  useQuery({ ...quoteQuery(input), enabled: isKenyaCounty(input.county) && input.lines.length > 0 });
