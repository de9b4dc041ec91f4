import { useSession } from '@shambasoko/shared';
import { afterSignIn, safeReturnPath } from './redirect-target';

describe('safeReturnPath', () => {
  it.each([
    '/checkout',
    '/market?q=dairy',
    '/farms/7?tab=fields#top',
    '/',
    '/market?q=maize%20seed',
    '/market?q=%2F%2Fx',
    '/farms/a%20b',
    '/deals/100%25',
  ])('keeps the same-origin path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    // What a browser or the router would turn into another host once dots are resolved or escapes decoded.
    '/..//evil.example',
    '/.//evil.example',
    '/x/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    '\\\\evil.example',
    '\\/evil.example',
    // Malformed escapes and control characters hidden behind them.
    '/%E0%A4%A',
    '/%',
    '/%0aevil',
    '/%00',
  ])('refuses %j, whatever it becomes once resolved or decoded', (raw) => {
    expect(safeReturnPath(raw)).toBeUndefined();
  });

  it('falls back to the dashboard for each of them', () => {
    for (const raw of ['/..//evil.example', '/%2F%2Fevil.example', '/%5Cevil.example']) {
      expect(afterSignIn({ state: { from: raw }, search: `?returnTo=${encodeURIComponent(raw)}` }, 'Farmer')).toBe('/dashboard');
    }
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example/checkout',
    'javascript:alert(1)',
    'checkout',
    '/check\nout',
    '/\tevil',
    '/\u0000x',
    '/\u007fx',
    '',
    undefined,
    42,
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeUndefined();
  });
});

describe('afterSignIn', () => {
  it('honours ?returnTo= when there is no navigation state (a reload or a direct link)', () => {
    expect(afterSignIn({ state: null, search: '?returnTo=%2Fcheckout' }, 'Farmer')).toBe('/checkout');
  });

  it('prefers the guard state, and falls back to the dashboard on a foreign returnTo', () => {
    expect(afterSignIn({ state: { from: '/farms' }, search: '?returnTo=%2Fcheckout' }, 'Farmer')).toBe('/farms');
    expect(afterSignIn({ state: null, search: '?returnTo=%2F%2Fevil.example' }, 'Farmer')).toBe('/dashboard');
    expect(afterSignIn({ state: null, search: '' }, 'Farmer')).toBe('/dashboard');
  });

  it("lands on the role's home when nothing asked for a page", () => {
    expect(afterSignIn({ state: null, search: '' }, 'Buyer')).toBe('/buyer');
    expect(afterSignIn({ state: null, search: '' }, 'Supplier')).toBe('/seller');
    expect(afterSignIn({ state: null, search: '?returnTo=%2F%2Fevil.example' }, 'Retailer')).toBe('/seller');
    expect(afterSignIn({ state: null, search: '?returnTo=%2Fcheckout' }, 'Buyer')).toBe('/checkout');
  });

  it('takes the role the sign-in opened with from the session when not told', () => {
    useSession.setState({ role: 'Buyer' });
    expect(afterSignIn({ state: null, search: '' })).toBe('/buyer');
    useSession.setState({ role: 'Farmer' });
    expect(afterSignIn({ state: null, search: '' })).toBe('/dashboard');
  });
});
