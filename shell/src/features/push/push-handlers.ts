// What the service worker does with a push and a tap on its notification; kept apart from sw.ts so
// it runs under test without a worker.

export interface ShownNotification {
  title: string;
  options: { body: string; icon: string; badge: string; tag?: string; data: { url: string } };
}

/** The server's payload ({ title, body, url }, in the reader's language) as a notification; junk shows the app's name. */
export function notificationFromPush(payload: unknown, origin: string): ShownNotification {
  const p = (payload && typeof payload === 'object' ? payload : {}) as { title?: unknown; body?: unknown; url?: unknown };
  const title = typeof p.title === 'string' && p.title.trim() ? p.title : 'ShambaSoko';
  const body = typeof p.body === 'string' ? p.body : '';
  return {
    title,
    options: { body, icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: sameOriginUrl(p.url, origin) } },
  };
}

/** Only a page of this app opens: another origin (a tampered payload) opens the home page instead. */
export function sameOriginUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? parsed.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

export interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/** A tap: the app's open tab at that page is focused, else an open tab goes there, else a new window opens. */
export async function openFromNotification(
  url: string,
  windows: WindowLike[],
  openWindow: (url: string) => Promise<unknown>,
): Promise<void> {
  const exact = windows.find((w) => w.url === url);
  if (exact) {
    await exact.focus();
    return;
  }
  const any = windows.find((w) => typeof w.navigate === 'function');
  if (any) {
    await any.focus();
    await any.navigate!(url);
    return;
  }
  await openWindow(url);
}
