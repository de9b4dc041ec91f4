import type { z } from 'zod';
import {
  cartSchema,
  countiesSchema,
  favouritesListSchema,
  featuredProductsSchema,
  newReviewSchema,
  orderListSchema,
  orderSchema,
  placeOrderRequestSchema,
  productSchema,
  productSearchResultSchema,
  promoValidationRequestSchema,
  promoValidationSchema,
  reviewSchema,
  updateCartItemSchema,
  cartMergeRequestSchema,
} from '@shambasoko/shared/contracts';

/** One recorded call to the mocked core API. */
export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status?: number; body?: unknown; message?: string };
export type Handler = (call: ApiCall) => Answer | Promise<Answer>;

interface RouteContract {
  method: string;
  path: RegExp;
  request?: z.ZodType;
  response: z.ZodType;
}

/** The market API's routes and the contract schema of each body, as in core-api. */
const CONTRACT: RouteContract[] = [
  { method: 'GET', path: /^\/v1\/products$/, response: productSearchResultSchema },
  { method: 'GET', path: /^\/v1\/products\/featured$/, response: featuredProductsSchema },
  { method: 'GET', path: /^\/v1\/products\/[^/]+$/, response: productSchema },
  { method: 'POST', path: /^\/v1\/products\/[^/]+\/reviews$/, request: newReviewSchema, response: reviewSchema },
  { method: 'GET', path: /^\/v1\/counties$/, response: countiesSchema },
  { method: 'GET', path: /^\/v1\/cart$/, response: cartSchema },
  { method: 'POST', path: /^\/v1\/cart\/items$/, response: cartSchema },
  { method: 'PATCH', path: /^\/v1\/cart\/items\/[^/]+$/, request: updateCartItemSchema, response: cartSchema },
  { method: 'DELETE', path: /^\/v1\/cart\/items\/[^/]+$/, response: cartSchema },
  { method: 'POST', path: /^\/v1\/cart\/merge$/, request: cartMergeRequestSchema, response: cartSchema },
  { method: 'GET', path: /^\/v1\/favourites$/, response: favouritesListSchema },
  { method: 'PUT', path: /^\/v1\/favourites\/[^/]+$/, response: favouritesListSchema },
  { method: 'DELETE', path: /^\/v1\/favourites\/[^/]+$/, response: favouritesListSchema },
  { method: 'POST', path: /^\/v1\/promos\/validate$/, request: promoValidationRequestSchema, response: promoValidationSchema },
  { method: 'POST', path: /^\/v1\/orders$/, request: placeOrderRequestSchema, response: orderSchema },
  { method: 'GET', path: /^\/v1\/orders$/, response: orderListSchema },
  { method: 'GET', path: /^\/v1\/orders\/[^/]+$/, response: orderSchema },
];

const contractOf = (method: string, path: string) => CONTRACT.find((route) => route.method === method && route.path.test(path));

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
}

/** How a fake answer (or the request the page sent) departs from the route's contract schemas. */
export function contractBreaches(call: Pick<ApiCall, 'method' | 'path' | 'body'>, status: number, body: unknown): string[] {
  const contract = contractOf(call.method, call.path);
  const ok = status < 400;
  if (!contract) return ok ? [`${call.method} ${call.path}: no contract for this route in mock-api.ts`] : [];
  const found: string[] = [];
  const sent = contract.request?.safeParse(call.body);
  if (sent && !sent.success) found.push(`${call.method} ${call.path} request: ${describe(sent.error)}`);
  const answered = ok ? contract.response.safeParse(body) : undefined;
  if (answered && !answered.success) found.push(`${call.method} ${call.path} answer: ${describe(answered.error)}`);
  return found;
}

/** Contract breaches seen by the mock in the running test; any one fails it after it ends. */
let breaches: string[] = [];

afterEach(() => {
  const seen = breaches;
  breaches = [];
  if (seen.length > 0) throw new Error(`The mocked API broke the contract (shared/src/contracts):\n${seen.join('\n')}`);
});

/**
 * Replaces fetch with answers in the core API's envelope. Keys are "METHOD /path" (no query);
 * an unknown route answers 404 so a test never silently hits the network. A successful answer is
 * parsed with the route's response schema, and a request body with its request schema, so a fake
 * that drifts from the contract (or a form that sends what the API would refuse) fails the test.
 */
export function mockApi(handlers: Record<string, Handler>): { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    const answer = handler ? await handler(call) : { status: 404, message: 'Not found' };
    const status = answer.status ?? 200;
    const ok = status < 400;
    if (handler) breaches.push(...contractBreaches(call, status, answer.body ?? null));
    const envelope = { header: { isSuccess: ok, customerMessage: answer.message ?? '' }, body: answer.body ?? null };
    // jsdom has no Response; the API client reads only these members.
    return { ok, status, statusText: ok ? 'OK' : 'Error', json: async () => envelope } as Response;
  }) as typeof fetch;
  return { calls };
}
