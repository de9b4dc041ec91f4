// Daraja's B2C (BusinessPayment) and Transaction Status APIs: money out to a phone. Both only
// acknowledge a request; the outcome comes later to the ResultURL (or the QueueTimeOutURL).
import { z } from 'zod';
import { type B2cPaymentRequest, type B2cProvider, type B2cSent, ProviderRefused, ProviderUnavailable, requestJson } from './types';
import { forOperators } from '../../../http/language';

export interface B2cClientSettings {
  baseUrl: string;
  shortcode: string;
  initiator: string;
  securityCredential: string;
}

/** The app's OAuth token, cached by the STK client (one app, one token). */
export interface TokenSource {
  accessToken(): Promise<string>;
  forgetToken(): void;
}

const errorSchema = z.object({ errorCode: z.string(), errorMessage: z.string() });
const ackSchema = z.object({
  ConversationID: z.string().min(1),
  OriginatorConversationID: z.string().min(1),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string().optional(),
});

function refusalOf(status: number, body: unknown): Error {
  const parsed = errorSchema.safeParse(body);
  // Daraja's 5xx error codes (503.001.01 and the like) say nothing was done: worth trying again.
  if (parsed.success && !parsed.data.errorCode.startsWith('5')) return new ProviderRefused(parsed.data.errorMessage, parsed.data.errorCode);
  return new ProviderUnavailable(
    forOperators(`answered ${status}${parsed.success ? ` ${parsed.data.errorCode}` : ' in an unknown shape'}`),
  );
}

export class B2cClient implements B2cProvider {
  constructor(
    private readonly settings: B2cClientSettings,
    private readonly tokens: TokenSource,
  ) {}

  private async post(path: string, payload: Record<string, unknown>) {
    const send = async () =>
      requestJson(`${this.settings.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.tokens.accessToken()}` },
        body: payload,
        provider: 'daraja-b2c',
      });
    const answer = await send();
    if (answer.status !== 401) return answer;
    this.tokens.forgetToken();
    return send();
  }

  private async acknowledged(path: string, payload: Record<string, unknown>): Promise<B2cSent> {
    const { status, body } = await this.post(path, payload);
    const parsed = ackSchema.safeParse(body);
    if (status !== 200 || !parsed.success) throw refusalOf(status, body);
    if (parsed.data.ResponseCode !== '0') throw new ProviderRefused(parsed.data.ResponseDescription ?? 'Refused', parsed.data.ResponseCode);
    return { conversationId: parsed.data.ConversationID, originatorConversationId: parsed.data.OriginatorConversationID };
  }

  b2cPayment(request: B2cPaymentRequest): Promise<B2cSent> {
    return this.acknowledged('/mpesa/b2c/v3/paymentrequest', {
      OriginatorConversationID: request.originatorConversationId,
      InitiatorName: this.settings.initiator,
      SecurityCredential: this.settings.securityCredential,
      CommandID: 'BusinessPayment',
      Amount: Math.round(request.amount),
      PartyA: this.settings.shortcode,
      PartyB: request.phone,
      Remarks: request.remarks.slice(0, 100),
      QueueTimeOutURL: request.queueTimeoutUrl,
      ResultURL: request.resultUrl,
      Occasion: request.occasion.slice(0, 100),
    });
  }

  /**
   * Asks what became of a payment we sent, by our originator id (the M-Pesa transaction id is not known
   * when no result came). The answer arrives at `resultUrl` like a payment's result.
   */
  transactionStatus(request: { originatorConversationId: string; resultUrl: string; queueTimeoutUrl: string }): Promise<B2cSent> {
    return this.acknowledged('/mpesa/transactionstatus/v1/query', {
      Initiator: this.settings.initiator,
      SecurityCredential: this.settings.securityCredential,
      CommandID: 'TransactionStatusQuery',
      TransactionID: '',
      OriginalConversationID: request.originatorConversationId,
      PartyA: this.settings.shortcode,
      IdentifierType: '4',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.queueTimeoutUrl,
      Remarks: 'Reconcile',
      Occasion: request.originatorConversationId,
    });
  }
}
