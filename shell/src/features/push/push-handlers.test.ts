import { notificationFromPush, openFromNotification, sameOriginUrl } from './push-handlers';

const origin = 'https://shambasoko.test';

describe('push in the service worker', () => {
  it("shows the server's title and body, and keeps the page to open", () => {
    expect(
      notificationFromPush({ title: 'Mauzo SS-000901: Imelipwa', body: 'Bei: Ksh 2,500', url: `${origin}/seller/sales` }, origin),
    ).toEqual({
      title: 'Mauzo SS-000901: Imelipwa',
      options: {
        body: 'Bei: Ksh 2,500',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: `${origin}/seller/sales` },
      },
    });
  });

  it("shows the app's name for an empty or odd push, and never opens another site", () => {
    expect(notificationFromPush(null, origin)).toMatchObject({ title: 'ShambaSoko', options: { body: '', data: { url: `${origin}/` } } });
    expect(sameOriginUrl('https://evil.example/phish', origin)).toBe(`${origin}/`);
    expect(sameOriginUrl('/orders/1', origin)).toBe(`${origin}/orders/1`);
    expect(sameOriginUrl('javascript:alert(1)', origin)).toBe(`${origin}/`);
  });

  it('a tap focuses the tab already at the page, else takes an open tab there, else opens a window', async () => {
    const calls: string[] = [];
    const tab = (url: string) => ({
      url,
      focus: async () => void calls.push(`focus ${url}`),
      navigate: async (to: string) => void calls.push(`navigate ${to}`),
    });
    const open = async (url: string) => void calls.push(`open ${url}`);
    await openFromNotification(`${origin}/seller/sales`, [tab(`${origin}/`), tab(`${origin}/seller/sales`)], open);
    await openFromNotification(`${origin}/orders/1`, [tab(`${origin}/`)], open);
    await openFromNotification(`${origin}/orders/2`, [], open);
    expect(calls).toEqual([`focus ${origin}/seller/sales`, `focus ${origin}/`, `navigate ${origin}/orders/1`, `open ${origin}/orders/2`]);
  });
});
