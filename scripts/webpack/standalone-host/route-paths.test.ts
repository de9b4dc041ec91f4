import { deployedVersion, routePaths } from './route-paths';

describe('routePaths', () => {
  it('lists every declared path once, children of layout routes included, and marks parameterised ones', () => {
    const routes = [
      { element: null, children: [{ path: '/market' }, { path: '/cart' }] },
      { path: '/orders' },
      { path: '/orders/:orderId' },
      { path: '/market' },
      { path: '/files/*' },
    ];
    expect(routePaths(routes)).toEqual([
      { path: '/market', openable: true },
      { path: '/cart', openable: true },
      { path: '/orders', openable: true },
      { path: '/orders/:orderId', openable: false },
      { path: '/files/*', openable: false },
    ]);
  });

  it('joins nested relative paths to their parent, as react-router does', () => {
    const routes = [
      { path: '/farms', children: [{ index: true }, { path: ':farmId', children: [{ path: 'fields' }, { path: 'fields/:fieldId' }] }] },
    ];
    expect(routePaths(routes).map((r) => r.path)).toEqual([
      '/farms',
      '/farms/:farmId',
      '/farms/:farmId/fields',
      '/farms/:farmId/fields/:fieldId',
    ]);
  });

  it('is empty for no routes', () => {
    expect(routePaths([])).toEqual([]);
  });
});

describe('deployedVersion', () => {
  it('reads the version folder a deployed standalone page was opened from', () => {
    expect(deployedVersion('/v/3fa9c2d1e0b4a7f2/standalone.html')).toBe('3fa9c2d1e0b4a7f2');
    expect(deployedVersion('/standalone.html')).toBeNull();
    expect(deployedVersion('/v/standalone.html')).toBeNull();
  });
});
