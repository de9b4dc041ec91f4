import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import { isKenyaCounty, type OrderQuote, type OrderQuoteRequest } from '@shambasoko/contracts';

const getCartQuote = (body: OrderQuoteRequest) => api.post<OrderQuote>('/v1/orders/quote', body);

// The checkout's key for the same cart and county, so one answer serves both pages; the lines are in it
// so that a changed quantity asks again.
const cartQuoteQuery = (county: string, lines: readonly { productId: string; quantity: number }[]) =>
  queryOptions({
    queryKey: ['market', 'quote', county, 'standard', 'cart', lines.map((l) => `${l.productId}×${l.quantity}`)],
    queryFn: () => getCartQuote({ county, delivery: 'standard' }),
    staleTime: 60_000,
  });

/** Each seller's standard delivery fee to `county` for the signed-in buyer's cart; idle until a real county is known. */
export const useCartQuote = ({
  county,
  lines,
  enabled,
}: {
  county: string;
  lines: readonly { productId: string; quantity: number }[];
  enabled: boolean;
}) => useQuery({ ...cartQuoteQuery(county, lines), enabled: enabled && isKenyaCounty(county) && lines.length > 0 });
