import { useEffect, useId, useState } from 'react';
import type { PushSubscribe } from '@shambasoko/contracts';
import { Card, FormError } from '@shambasoko/shared/ui';
import { usePushKey } from '../api/push-key';
import { useSubscribePush, useUnsubscribePush } from '../api/push-subscriptions';
import { useErrorText } from '../../../components/error-text';
import { useT } from '../../../i18n';
import { keyBytes, pushRegistration } from './push-browser';

type State = { kind: 'checking' } | { kind: 'unsupported' } | { kind: 'ready'; registration: ServiceWorkerRegistration; on: boolean };

/**
 * The "Phone notifications" switch: asks the browser's permission, subscribes through the installed
 * service worker and tells the server; off unsubscribes both. Hidden where the browser has no push.
 */
export function PhoneNotifications() {
  const t = useT();
  const msg = useErrorText();
  const hintId = useId();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = usePushKey(state.kind === 'ready');
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();

  useEffect(() => {
    let live = true;
    void pushRegistration().then(async (registration) => {
      if (!live) return;
      if (!registration) return setState({ kind: 'unsupported' });
      const existing = await registration.pushManager.getSubscription().catch(() => null);
      if (live) setState({ kind: 'ready', registration, on: existing !== null && Notification.permission === 'granted' });
    });
    return () => {
      live = false;
    };
  }, []);

  if (state.kind !== 'ready' || key.data === null) return null;

  async function turnOn(registration: ServiceWorkerRegistration) {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return setProblem(t('push.denied'));
    const publicKey = key.data ?? (await key.refetch()).data;
    if (!publicKey) return setProblem(t('push.failed'));
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    await subscribe.mutateAsync(subscription.toJSON() as PushSubscribe);
  }

  async function turnOff(registration: ServiceWorkerRegistration) {
    const subscription = await registration.pushManager.getSubscription();
    if (!subscription) return;
    await unsubscribe.mutateAsync(subscription.endpoint);
    await subscription.unsubscribe();
  }

  const toggle = async () => {
    const { registration, on } = state;
    setProblem(null);
    setBusy(true);
    try {
      await (on ? turnOff(registration) : turnOn(registration));
      const now = await registration.pushManager.getSubscription();
      setState({ kind: 'ready', registration, on: now !== null && Notification.permission === 'granted' });
    } catch (error) {
      setProblem(msg((error as Error).message) ?? t('push.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <section aria-labelledby={`${hintId}-title`}>
        <h2 id={`${hintId}-title`} className="text-base font-semibold text-stone-900">
          {t('push.title')}
        </h2>
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {t('push.hint')}
        </p>
        <label className="mt-3 flex min-h-12 cursor-pointer items-center justify-between gap-3 rounded-lg border border-stone-200 px-3 text-sm text-stone-800">
          {t('push.switch')}
          <input
            type="checkbox"
            role="switch"
            aria-describedby={hintId}
            checked={state.on}
            disabled={busy}
            onChange={() => void toggle()}
            className="size-5 accent-brand-600"
          />
        </label>
        <div className="mt-2">
          <FormError message={problem} />
        </div>
      </section>
    </Card>
  );
}
