import { z } from 'zod';
import {
  type MpesaProvider,
  ProviderRefused,
  ProviderUnavailable,
  type StkPushAnswer,
  type StkPushRequest,
  type StkQueryAnswer,
  requestJson,
} from './types';
import { nairobiClock } from '@shambasoko/contracts/time';
import { forOperators } from '../../../http/language';

export interface DarajaSettings {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number() });
const errorSchema = z.object({ errorCode: z.string(), errorMessage: z.string() });
const pushSchema = z.object({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string(),
  ResponseCode: z.coerce.string(),
  CustomerMessage: z.string().optional(),
  ResponseDescription: z.string().optional(),
});
const querySchema = z.object({ ResponseCode: z.coerce.string(), ResultCode: z.coerce.string(), ResultDesc: z.string() });

/** Daraja's "still processing" answer to a status query. */
const PROCESSING = '500.001.1001';

/** YYYYMMDDHHmmss in Nairobi time, as Daraja wants it. */
function darajaTimestamp(now = new Date()): string {
  return nairobiClock(now).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function refusalOf(status: number, body: unknown): Error {
  const parsed = errorSchema.safeParse(body);
  if (parsed.success) return new ProviderRefused(parsed.data.errorMessage, parsed.data.errorCode);
  return new ProviderUnavailable(forOperators(`answered ${status} in an unknown shape`));
}

/** Safaricom Daraja's M-Pesa Express (STK push) API: the same client for the sandbox and production. */
export class DarajaClient implements MpesaProvider {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly settings: DarajaSettings) {}

  /** Shared with the B2C client: one token per app. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.settings.consumerKey}:${this.settings.consumerSecret}`).toString('base64');
    const { status, body } = await requestJson(`${this.settings.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
      provider: 'daraja',
    });
    const parsed = tokenSchema.safeParse(body);
    if (status !== 200 || !parsed.success) throw refusalOf(status, body);
    // A minute early, so a request never goes out with a token about to lapse.
    this.token = { value: parsed.data.access_token, expiresAt: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000 };
    return this.token.value;
  }

  forgetToken(): void {
    this.token = null;
  }

  private password(timestamp: string): string {
    return Buffer.from(`${this.settings.shortcode}${this.settings.passkey}${timestamp}`).toString('base64');
  }

  /** Every M-Pesa Express call is signed with the shortcode, a password from the passkey, and the time. */
  private async post(path: string, fields: Record<string, unknown>) {
    const timestamp = darajaTimestamp();
    const payload = { BusinessShortCode: this.settings.shortcode, Password: this.password(timestamp), Timestamp: timestamp, ...fields };
    const send = async () =>
      requestJson(`${this.settings.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.accessToken()}` },
        body: payload,
        provider: 'daraja',
      });
    const answer = await send();
    if (answer.status !== 401) return answer;
    // A token the provider no longer accepts (revoked, or the provider restarted): once more with a new one.
    this.token = null;
    return send();
  }

  async stkPush(request: StkPushRequest): Promise<StkPushAnswer> {
    const { status, body } = await this.post('/mpesa/stkpush/v1/processrequest', {
      TransactionType: 'CustomerPayBillOnline',
      Amount: Math.round(request.amount),
      PartyA: request.phone,
      PartyB: this.settings.shortcode,
      PhoneNumber: request.phone,
      CallBackURL: request.callbackUrl,
      AccountReference: request.accountReference.slice(0, 12),
      TransactionDesc: request.description.slice(0, 13),
    });
    const parsed = pushSchema.safeParse(body);
    if (status !== 200 || !parsed.success) throw refusalOf(status, body);
    if (parsed.data.ResponseCode !== '0') throw new ProviderRefused(parsed.data.ResponseDescription ?? 'Refused', parsed.data.ResponseCode);
    return {
      merchantRequestId: parsed.data.MerchantRequestID,
      checkoutRequestId: parsed.data.CheckoutRequestID,
      customerMessage: parsed.data.CustomerMessage ?? '',
    };
  }

  async stkQuery(checkoutRequestId: string): Promise<StkQueryAnswer> {
    const { status, body } = await this.post('/mpesa/stkpushquery/v1/query', { CheckoutRequestID: checkoutRequestId });
    const error = errorSchema.safeParse(body);
    if (error.success && error.data.errorCode === PROCESSING) return { state: 'processing' };
    const parsed = querySchema.safeParse(body);
    if (status !== 200 || !parsed.success) throw refusalOf(status, body);
    return { state: 'settled', resultCode: parsed.data.ResultCode, resultDesc: parsed.data.ResultDesc };
  }
}
