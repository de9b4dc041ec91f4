// What the payments service needs from a provider. The Daraja and card gateway clients implement these;
// tests may plug in others. The API reaches a provider only through these.
import { MAX_KES } from '@shambasoko/contracts';
import { forOperators } from '../../../http/language';
import { requestIdHeader } from '../../../observability/context';
import { traced } from '../../../observability/tracing';

/** The provider could not be reached or answered in a way we cannot read: nothing was charged. */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable';
}

/** The provider answered and said no (bad credentials, a field it refused). */
export class ProviderRefused extends Error {
  override readonly name = 'ProviderRefused';
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

export interface StkPushRequest {
  /** 2547XXXXXXXX */
  phone: string;
  amount: number;
  accountReference: string;
  description: string;
  callbackUrl: string;
}

export interface StkPushAnswer {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

/** A status query: settled with Daraja's ResultCode, or still being processed. */
export type StkQueryAnswer = { state: 'processing' } | { state: 'settled'; resultCode: string; resultDesc: string };

export interface MpesaProvider {
  stkPush(request: StkPushRequest): Promise<StkPushAnswer>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryAnswer>;
}

export interface CardSessionRequest {
  merchantReference: string;
  amount: number;
  description: string;
  callbackUrl: string;
  ipnUrl: string;
  billing: { email: string; phone: string; firstName: string; lastName: string };
}

export interface CardSession {
  trackingId: string;
  merchantReference: string;
  redirectUrl: string;
}

export interface CardStatus {
  /** 1 completed, 2 failed, 0 not paid yet (Pesapal's status_code). */
  statusCode: number;
  amount: number;
  /** ISO 4217 as the gateway reports it; we only ever ask for KES. */
  currency: string | null;
  confirmationCode: string | null;
  brand: string | null;
  /** e.g. 411111******1111 */
  account: string | null;
  description: string;
}

export interface CardProvider {
  submitOrder(request: CardSessionRequest): Promise<CardSession>;
  transactionStatus(trackingId: string): Promise<CardStatus>;
}

export interface B2cPaymentRequest {
  /** Ours, unique per disbursement: Daraja echoes it in the result. */
  originatorConversationId: string;
  /** 2547XXXXXXXX */
  phone: string;
  amount: number;
  remarks: string;
  occasion: string;
  resultUrl: string;
  queueTimeoutUrl: string;
}

/** Daraja accepted the request for processing; the outcome comes to the ResultURL. */
export interface B2cSent {
  conversationId: string;
  originatorConversationId: string;
}

export interface B2cProvider {
  b2cPayment(request: B2cPaymentRequest): Promise<B2cSent>;
  transactionStatus(request: { originatorConversationId: string; resultUrl: string; queueTimeoutUrl: string }): Promise<B2cSent>;
}

/** A method is null when its settings are missing (production without them): it answers 503. */
export interface PaymentProviders {
  mpesa: MpesaProvider | null;
  card: CardProvider | null;
  /** Money out (payouts, refunds); null when the MPESA_B2C_* settings are missing. */
  b2c: B2cProvider | null;
}

/** Whole shillings within the money bound: 150 or 150.00 (a float that is whole), never 150.5, -1 or 1e300. */
export function wholeShillings(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d{1,11}(\.0{1,2})?$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 && number <= MAX_KES ? number : null;
}

const TIMEOUT_MS = 10_000;

/** One JSON request: network failures, timeouts and unreadable answers become ProviderUnavailable. */
export async function requestJson(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown; provider?: string },
): Promise<{ status: number; body: unknown }> {
  // The span is named by the path, never the query (a tracking id) nor the host.
  return traced(init.provider ?? 'provider', `${init.method} ${new URL(url).pathname}`, () => sendJson(url, init));
}

async function sendJson(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...requestIdHeader(),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    throw new ProviderUnavailable(`unreachable: ${(error as Error).message}${cause instanceof Error ? ` (${cause.message})` : ''}`);
  }
  if (response.status >= 502 && response.status <= 504) throw new ProviderUnavailable(`answered ${response.status}`);
  try {
    return { status: response.status, body: await response.json() };
  } catch {
    throw new ProviderUnavailable(forOperators(`answered ${response.status} with no JSON`));
  }
}
