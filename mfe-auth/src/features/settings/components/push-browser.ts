// The browser's side of web push: the installed service worker's PushManager, and nothing when the
// browser has none (or the worker is not installed, as in development).

/** The registration that can take a push subscription, or null where push cannot work. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof window === 'undefined' || !('PushManager' in window) || !('Notification' in window) || !('serviceWorker' in navigator)) {
    return null;
  }
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  return registration && 'pushManager' in registration ? registration : null;
}

/** A base64url VAPID key as the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
