/** Web push (VAPID, aes128gcm) to a browser's push service; web-push encrypts and signs, fetch sends. */
import type webpushModule from 'web-push';
import { forOperators } from '../../../http/language';
import { loadOnce } from '../../../load-once';

const loadWebPush = loadOnce(async () => (await import('web-push')).default);

export interface PushSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
}

interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows: the notice in the reader's language and the page it opens. */
interface PushPayload {
  title: string;
  body: string;
  url: string;
}

type PushResult =
  | { ok: true; messageId: string }
  /** gone: the push service no longer knows the subscription (404/410); it should be deleted. */
  | { ok: false; retry: boolean; gone: boolean; error: string };

export interface PushSender {
  send(target: PushTarget, payload: PushPayload): Promise<PushResult>;
}

/** A notice is worth little after a day; the push service drops it then if the phone stayed offline. */
const TTL_SECONDS = 24 * 3600;

export function webPush(settings: PushSettings, fetchImpl: typeof fetch = fetch): PushSender {
  return {
    async send(target, payload) {
      const webpush = await loadWebPush();
      let request: ReturnType<typeof webpushModule.generateRequestDetails>;
      try {
        // web-push's own sender speaks https only; the sandbox's endpoint is http, so fetch sends.
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: settings,
            TTL: TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
          },
        );
      } catch (err) {
        // Keys that do not make a P-256 point will not improve.
        return { ok: false, retry: false, gone: false, error: forOperators(`cannot encrypt: ${(err as Error).message}`) };
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length'));
      let res: Response;
      try {
        res = await fetchImpl(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body && new Uint8Array(request.body),
          redirect: 'error',
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        return { ok: false, retry: true, gone: false, error: `unreachable: ${(err as Error).message}` };
      }
      if (res.ok) return { ok: true, messageId: (res.headers.get('location') ?? `push ${res.status}`).slice(0, 500) };
      const detail = (await res.text().catch(() => '')).slice(0, 200);
      const gone = res.status === 404 || res.status === 410;
      return { ok: false, retry: !gone && (res.status >= 500 || res.status === 429), gone, error: `HTTP ${res.status} ${detail}`.trim() };
    },
  };
}
