import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import { PhoneNotifications } from './phone-notifications';

const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example.com/send/abc';

/** A browser with push: a service worker registration whose PushManager we watch. */
function browserWithPush(permission: NotificationPermission = 'granted') {
  let current: { endpoint: string; toJSON(): object; unsubscribe: jest.Mock } | null = null;
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async (_options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      current = {
        endpoint: ENDPOINT,
        toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: KEY, auth: 'A'.repeat(22) } }),
        unsubscribe: jest.fn(async () => {
          current = null;
          return true;
        }),
      };
      return current;
    }),
  };
  const notification: { permission: NotificationPermission; requestPermission: jest.Mock<Promise<NotificationPermission>> } = {
    permission: 'default',
    requestPermission: jest.fn(async () => (notification.permission = permission)),
  };
  Object.assign(window, { PushManager: function PushManager() {}, Notification: notification });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  return { pushManager, notification, current: () => current };
}

afterEach(() => {
  delete (window as { PushManager?: unknown }).PushManager;
  delete (window as { Notification?: unknown }).Notification;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('the Phone notifications switch', () => {
  beforeEach(() => signInAs());

  it('asks permission, subscribes with the server key and posts the subscription; off unsubscribes both', async () => {
    const browser = browserWithPush();
    const api = mockApi({
      'GET /v1/me/push/key': () => ({ body: { publicKey: KEY } }),
      'POST /v1/me/push/subscriptions': () => ({ body: { subscribed: true } }),
      'DELETE /v1/me/push/subscriptions': () => ({ body: { subscribed: false } }),
    });
    renderPage(<PhoneNotifications />, { url: '/preferences', path: '/preferences' });
    const toggle = await screen.findByRole('switch', { name: 'Phone notifications on this device' });
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/v1/me/push/subscriptions',
      body: { endpoint: ENDPOINT, keys: { p256dh: KEY, auth: 'A'.repeat(22) } },
    });

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: '/v1/me/push/subscriptions', body: { endpoint: ENDPOINT } });
    expect(browser.current()).toBeNull();
  });

  it('says how to allow notifications when the browser blocks them, and subscribes nothing', async () => {
    const browser = browserWithPush('denied');
    const api = mockApi({ 'GET /v1/me/push/key': () => ({ body: { publicKey: KEY } }) });
    renderPage(<PhoneNotifications />, { url: '/preferences', path: '/preferences' });
    await userEvent.click(await screen.findByRole('switch', { name: 'Phone notifications on this device' }));
    expect(await screen.findByText(/Your browser blocks notifications for ShambaSoko/)).toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.writes()).toEqual([]);
  });

  it('is not shown where the browser has no PushManager', async () => {
    browserWithPush();
    delete (window as { PushManager?: unknown }).PushManager;
    mockApi({ 'GET /v1/me/push/key': () => ({ body: { publicKey: KEY } }) });
    renderPage(<PhoneNotifications />, { url: '/preferences', path: '/preferences' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText('Phone notifications')).toBeNull();
  });
});
