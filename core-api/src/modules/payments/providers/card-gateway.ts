import { z } from 'zod';
import {
  type CardProvider,
  type CardSession,
  type CardSessionRequest,
  type CardStatus,
  ProviderRefused,
  ProviderUnavailable,
  requestJson,
} from './types';
import { forOperators } from '../../../http/language';

export interface CardGatewaySettings {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
}

const gatewayError = z.object({ code: z.string().nullable().optional(), message: z.string().nullable().optional() }).nullable().optional();
const tokenSchema = z.object({ token: z.string().min(1), expiryDate: z.string().optional() });
const ipnSchema = z.object({ ipn_id: z.string().min(1) });
const sessionSchema = z.object({ order_tracking_id: z.string().min(1), merchant_reference: z.string(), redirect_url: z.string().min(1) });
const statusSchema = z.object({
  payment_method: z.string().nullable().optional(),
  amount: z.coerce.number(),
  confirmation_code: z.string().nullable().optional(),
  payment_status_description: z.string().nullable().optional(),
  payment_account: z.string().nullable().optional(),
  status_code: z.coerce.number(),
  currency: z.string().nullable().optional(),
});
const TOKEN_LIFETIME_MS = 4 * 60_000;

function refusalOf(status: number, body: unknown): Error {
  const error = z.object({ error: gatewayError }).safeParse(body);
  const message = error.success ? error.data.error?.message : null;
  if (message) return new ProviderRefused(message, error.success ? (error.data.error?.code ?? null) : null);
  return new ProviderUnavailable(forOperators(`answered ${status} in an unknown shape`));
}

/** A Pesapal (API 3.0) style hosted card page: the buyer types the card on the gateway's page, never ours. */
export class CardGatewayClient implements CardProvider {
  private token: { value: string; expiresAt: number } | null = null;
  /** IPN URL → the gateway's notification id: registered once per process. */
  private readonly ipnIds = new Map<string, string>();

  constructor(private readonly settings: CardGatewaySettings) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, auth = true) {
    const send = async () => {
      const headers: Record<string, string> = auth ? { authorization: `Bearer ${await this.accessToken()}` } : {};
      return requestJson(`${this.settings.baseUrl}${path}`, { method, headers, body, provider: 'card-gateway' });
    };
    const answer = await send();
    if (!auth || answer.status !== 401) return answer;
    // A token the gateway no longer accepts: once more with a new one.
    this.token = null;
    return send();
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const { status, body } = await this.call(
      'POST',
      '/api/Auth/RequestToken',
      { consumer_key: this.settings.consumerKey, consumer_secret: this.settings.consumerSecret },
      false,
    );
    const parsed = tokenSchema.safeParse(body);
    if (status !== 200 || !parsed.success) throw refusalOf(status, body);
    this.token = { value: parsed.data.token, expiresAt: Date.now() + TOKEN_LIFETIME_MS };
    return this.token.value;
  }

  private async ipnId(url: string): Promise<string> {
    const known = this.ipnIds.get(url);
    if (known !== undefined) return known;
    const { status, body } = await this.call('POST', '/api/URLSetup/RegisterIPN', { url, ipn_notification_type: 'POST' });
    const parsed = ipnSchema.safeParse(body);
    if (status !== 200 || !parsed.success) throw refusalOf(status, body);
    this.ipnIds.set(url, parsed.data.ipn_id);
    return parsed.data.ipn_id;
  }

  async submitOrder(request: CardSessionRequest): Promise<CardSession> {
    try {
      return await this.submitOnce(request);
    } catch (error) {
      if (!(error instanceof ProviderRefused)) throw error;
      // Perhaps our notification id is one the gateway forgot: register the IPN again, once.
      this.ipnIds.delete(request.ipnUrl);
      return this.submitOnce(request);
    }
  }

  private async submitOnce(request: CardSessionRequest): Promise<CardSession> {
    const notificationId = await this.ipnId(request.ipnUrl);
    const { status, body } = await this.call('POST', '/api/Transactions/SubmitOrderRequest', {
      id: request.merchantReference.slice(0, 50),
      currency: 'KES',
      amount: request.amount,
      description: request.description.slice(0, 100),
      callback_url: request.callbackUrl,
      notification_id: notificationId,
      billing_address: {
        email_address: request.billing.email,
        phone_number: request.billing.phone,
        first_name: request.billing.firstName,
        last_name: request.billing.lastName,
      },
    });
    const parsed = sessionSchema.safeParse(body);
    if (status !== 200 || !parsed.success) throw refusalOf(status, body);
    return {
      trackingId: parsed.data.order_tracking_id,
      merchantReference: parsed.data.merchant_reference,
      redirectUrl: parsed.data.redirect_url,
    };
  }

  async transactionStatus(trackingId: string): Promise<CardStatus> {
    const { status, body } = await this.call(
      'GET',
      `/api/Transactions/GetTransactionStatus?orderTrackingId=${encodeURIComponent(trackingId)}`,
    );
    const parsed = statusSchema.safeParse(body);
    if (status !== 200 || !parsed.success) throw refusalOf(status, body);
    const account = parsed.data.payment_account ?? null;
    return {
      statusCode: parsed.data.status_code,
      amount: parsed.data.amount,
      currency: parsed.data.currency ?? null,
      confirmationCode: parsed.data.confirmation_code || null,
      brand: parsed.data.payment_method ?? null,
      account,
      description: parsed.data.payment_status_description ?? '',
    };
  }
}
