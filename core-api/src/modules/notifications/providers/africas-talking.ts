import { forOperators } from '../../../http/language';
import { requestIdHeader } from '../../../observability/context';
/** Africa's Talking SMS (POST /version1/messaging); our own client, no SDK. */
export interface SmsSettings {
  baseUrl: string;
  username: string;
  apiKey: string;
  senderId: string | null;
}

export type SmsResult =
  | { ok: true; messageId: string; cost: string | null }
  /** retry: worth trying again later (outage, gateway error); false: the number or the account is refused. */
  | { ok: false; retry: boolean; error: string };

export interface SmsSender {
  send(to: string, message: string): Promise<SmsResult>;
}

interface AtRecipient {
  statusCode?: number;
  number?: string;
  status?: string;
  cost?: string;
  messageId?: string;
}

// 100 Processed, 101 Sent, 102 Queued are accepted; 5xx are the gateway's, worth a retry; 405 is
// our balance, which a top-up fixes. The rest (invalid number, blacklisted…) will not change.
const ACCEPTED = new Set([100, 101, 102]);
const RETRYABLE = new Set([405, 500, 501, 502]);

export function africasTalkingSms(settings: SmsSettings, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    async send(to, message) {
      const form = new URLSearchParams({ username: settings.username, to, message });
      if (settings.senderId) form.set('from', settings.senderId);
      let res: Response;
      try {
        res = await fetchImpl(`${settings.baseUrl}/version1/messaging`, {
          method: 'POST',
          headers: {
            apiKey: settings.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
            ...requestIdHeader(),
          },
          body: form.toString(),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        return { ok: false, retry: true, error: `unreachable: ${(err as Error).message}` };
      }
      if (!res.ok) return { ok: false, retry: res.status >= 500 || res.status === 429, error: `HTTP ${res.status}` };
      const data = (await res.json().catch(() => null)) as { SMSMessageData?: { Message?: string; Recipients?: AtRecipient[] } } | null;
      const recipient = data?.SMSMessageData?.Recipients?.[0];
      if (!recipient || typeof recipient.statusCode !== 'number') {
        return { ok: false, retry: true, error: forOperators(`no recipient: ${data?.SMSMessageData?.Message ?? 'empty answer'}`) };
      }
      if (ACCEPTED.has(recipient.statusCode) && recipient.messageId) {
        return { ok: true, messageId: recipient.messageId, cost: recipient.cost ?? null };
      }
      return { ok: false, retry: RETRYABLE.has(recipient.statusCode), error: `${recipient.statusCode} ${recipient.status ?? ''}`.trim() };
    },
  };
}

/** GSM-7 basic set (and its extension table, two characters each); anything else sends as UCS-2. */
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXT = new Set('^{}\\[~]|€');

/** How many SMS parts a message costs: 160/153 GSM-7 characters, else 70/67 UCS-2. */
export function smsParts(message: string): number {
  let units = 0;
  for (const ch of message) {
    if (GSM7.has(ch)) units += 1;
    else if (GSM7_EXT.has(ch)) units += 2;
    else {
      const length = [...message].length;
      return length <= 70 ? 1 : Math.ceil(length / 67);
    }
  }
  return units <= 160 ? 1 : Math.ceil(units / 153);
}
