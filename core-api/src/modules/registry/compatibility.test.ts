import { entryOriginProblem, mountsCollide, unmetRequirements } from './compatibility';

describe('entryOriginProblem', () => {
  it('allows configured origins, and local http ports only outside production', () => {
    expect(entryOriginProblem('https://cdn.example/v/1/remoteEntry.js', ['https://cdn.example'], true)).toBeNull();
    expect(entryOriginProblem('http://localhost:3002/v/ab/remoteEntry.js', [], false)).toBeNull();
    expect(entryOriginProblem('http://127.0.0.1:9/remoteEntry.js', [], false)).toBeNull();
    expect(entryOriginProblem('http://localhost:3002/remoteEntry.js', [], true)).toBe('entry origin http://localhost:3002 is not https');
    expect(entryOriginProblem('https://evil.example/x.js', ['https://cdn.example'], true)).toBe(
      'entry origin https://evil.example is not an allowed remote origin',
    );
    expect(entryOriginProblem('http://localhost.evil.example/x.js', [], false)).toMatch(/not an allowed remote origin/);
  });
});

describe('unmetRequirements', () => {
  it('checks only packages the shell provides, by semver range', () => {
    expect(unmetRequirements('market', { react: '^19.0.0', leftpad: '^1.0.0' }, { react: '19.1.0' })).toEqual([]);
    expect(unmetRequirements('market', { react: '^99.0.0' }, { react: '19.1.0' })).toEqual([
      'market needs react ^99.0.0; the live shell provides 19.1.0',
    ]);
    expect(unmetRequirements('market', { react: 'not a range' }, { react: '19.1.0' })).toHaveLength(1);
  });
});

describe('mountsCollide', () => {
  it.each([
    ['/market/*', '/market/item', true],
    ['/market/*', '/market', true],
    ['/cart', '/cart', true],
    ['/orders/:id', '/orders/new', true],
    ['/cart', '/checkout', false],
    ['/market/*', '/marketing', false],
    ['/farms/*', '/fields/*', false],
    ['/a/b', '/a', false],
  ])('%s vs %s → %s', (a, b, expected) => {
    expect(mountsCollide(a, b)).toBe(expected);
    expect(mountsCollide(b, a)).toBe(expected);
  });
});
