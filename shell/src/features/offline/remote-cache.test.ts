import { cacheableVersion, remoteCacheName, remoteFiles, staleRemoteCaches } from './remote-cache';

const entry = 'http://localhost:3002/v/aaaaaaaa/remoteEntry.js';

describe('remote caches of the service worker', () => {
  it('lists the entry and every chunk of its exposed modules, as absolute URLs next to the entry, not the shared fallbacks', () => {
    const manifest = {
      exposes: [
        {
          assets: {
            js: { sync: ['__federation_expose_routes.1.js'], async: ['12.ab.js', '13.cd.js'] },
            css: { sync: [], async: ['9.ef.css'] },
          },
        },
      ],
      shared: [{ assets: { js: { sync: ['12.ab.js', '77.react-dom.js'], async: [] } } }],
    };
    expect(remoteFiles(entry, manifest)).toEqual([
      entry,
      'http://localhost:3002/v/aaaaaaaa/__federation_expose_routes.1.js',
      'http://localhost:3002/v/aaaaaaaa/12.ab.js',
      'http://localhost:3002/v/aaaaaaaa/13.cd.js',
      'http://localhost:3002/v/aaaaaaaa/9.ef.css',
    ]);
  });

  it('keeps only the entry when the manifest is missing or odd, and never follows names outside the version', () => {
    expect(remoteFiles(entry, null)).toEqual([entry]);
    expect(
      remoteFiles(entry, {
        exposes: [{ assets: { js: { sync: [1, '../../v/bbbbbbbb/x.js', 'https://evil.example/x.js', '/x.js'] } } }],
      }),
    ).toEqual([entry]);
  });

  it('names a cache by remote and version, and caches stored versions only', () => {
    expect(remoteCacheName({ name: 'market', version: 'aaaaaaaa' })).toBe('shambasoko-remote-market-aaaaaaaa');
    expect(cacheableVersion('aaaaaaaa')).toBe(true);
    expect(cacheableVersion('http://localhost:3002/remoteEntry.js')).toBe(false);
  });

  it("drops an older version's cache once a remote is cached anew, and leaves other remotes and other caches alone", () => {
    const keys = [
      'shambasoko-remote-market-aaaaaaaa',
      'shambasoko-remote-market-bbbbbbbb',
      'shambasoko-remote-farm-cccccccc',
      'shambasoko-remote-farm_x-dddddddd',
      'workbox-precache-v2-http://localhost:3000/',
    ];
    const current = [{ name: 'market', version: 'bbbbbbbb', entry }];
    expect(staleRemoteCaches(keys, current)).toEqual(['shambasoko-remote-market-aaaaaaaa']);
    expect(staleRemoteCaches(keys, [...current, { name: 'farm', version: 'eeeeeeee', entry }])).toEqual([
      'shambasoko-remote-market-aaaaaaaa',
      'shambasoko-remote-farm-cccccccc',
    ]);
  });
});
