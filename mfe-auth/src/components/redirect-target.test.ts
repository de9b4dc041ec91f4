import { afterSignIn, safeReturnPath } from './redirect-target';

describe('safeReturnPath', () => {
  it.each(['/checkout', '/market?q=dairy', '/farms/7?tab=fields#top'])('keeps the same-origin path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
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
    expect(afterSignIn({ state: null, search: '?returnTo=%2Fcheckout' })).toBe('/checkout');
  });

  it('prefers the guard state, and falls back to the dashboard on a foreign returnTo', () => {
    expect(afterSignIn({ state: { from: '/farms' }, search: '?returnTo=%2Fcheckout' })).toBe('/farms');
    expect(afterSignIn({ state: null, search: '?returnTo=%2F%2Fevil.example' })).toBe('/dashboard');
    expect(afterSignIn({ state: null, search: '' })).toBe('/dashboard');
  });
});
