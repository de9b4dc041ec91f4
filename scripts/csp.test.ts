import { execFileSync } from 'node:child_process';
import path from 'node:path';

// csp.mjs is an ES module; jest here runs CommonJS, so the case runs in a child Node process.
const csp = path.join(__dirname, 'csp.mjs');

function run(script: string): unknown {
  const out = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `const { createRemoteOriginsCache } = await import(${JSON.stringify(csp)});\n${script}`],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out);
}

describe('the remote origins of the pages’ CSP', () => {
  it('lists only remotes that are switched on, with the build a staged rollout of one needs', () => {
    const out = run(`
      const { remoteOrigins, contentSecurityPolicy } = await import(${JSON.stringify(csp)});
      const build = (origin, version) => ({ version, entry: origin + '/v/' + version + '/remoteEntry.js', mounts: [], menu: [] });
      const manifest = { remotes: [
        { name: 'market', roles: ['*'], enabled: true, ...build('https://market.example', 'aaaaaaaa'),
          rollout: { ...build('https://market-next.example', 'bbbbbbbb'), role: 'Farmer', percent: 10 } },
        { name: 'legal', roles: ['*'], enabled: false, ...build('https://legal.example', 'cccccccc'),
          rollout: { ...build('https://legal-next.example', 'dddddddd'), role: 'Buyer', percent: 50 } },
      ] };
      const cache = createRemoteOriginsCache({ apiOrigin: 'http://api.test', fetcher: async () => ({ ok: false }) });
      cache.update(manifest);
      const policy = contentSecurityPolicy({ remotes: cache.origins() });
      console.log(JSON.stringify({ origins: remoteOrigins(manifest), cached: cache.origins(), legalInPolicy: policy.includes('legal') }));`);
    expect(out).toEqual({
      origins: ['https://market.example', 'https://market-next.example'],
      cached: ['https://market.example', 'https://market-next.example'],
      legalInPolicy: false,
    });
  });
});

describe('the CSP remote origins cache', () => {
  it('never answers a page from a registry read sent before the deploy it needs', () => {
    // The first read is slow and sees the old registry; the deploy lands while it is under way.
    const out = run(`
      let live = 'http://localhost:3994/remoteEntry.js';
      const reads = [];
      const fetcher = async () => {
        const seen = live;
        reads.push(seen);
        await new Promise((r) => setTimeout(r, reads.length === 1 ? 300 : 5));
        return { ok: true, json: async () => ({ remotes: [{ name: 'legal', entry: seen }] }) };
      };
      const cache = createRemoteOriginsCache({ apiOrigin: 'http://api.test', fetcher });
      void cache.refresh(); // the interval's read, sent before the deploy
      await new Promise((r) => setTimeout(r, 1100));
      live = 'http://localhost:3995/remoteEntry.js'; // deployed
      const page = await cache.fresh(1000);
      console.log(JSON.stringify({ page, reads }));`);
    expect(out).toEqual({
      page: ['http://localhost:3995'],
      reads: ['http://localhost:3994/remoteEntry.js', 'http://localhost:3995/remoteEntry.js'],
    });
  });

  it('by default a page sees a deploy made a moment before it, even with a read sent just before that deploy', () => {
    const out = run(`
      let live = 'http://localhost:3994/remoteEntry.js';
      const fetcher = async () => {
        const seen = live;
        await new Promise((r) => setTimeout(r, 50));
        return { ok: true, json: async () => ({ remotes: [{ name: 'legal', entry: seen }] }) };
      };
      const cache = createRemoteOriginsCache({ apiOrigin: 'http://api.test', fetcher });
      await cache.refresh();
      const polling = cache.refresh(); // the interval's read, sent just before the deploy
      live = 'http://localhost:3995/remoteEntry.js';
      const page = await cache.fresh();
      await polling;
      console.log(JSON.stringify({ page }));`);
    expect(out).toEqual({ page: ['http://localhost:3995'] });
  });

  it('pages asked for at once share reads (at most one more after the one under way), and the last origins stay when the API is down', () => {
    const out = run(`
      let calls = 0;
      let down = false;
      const fetcher = async () => {
        calls += 1;
        if (down) throw new TypeError('fetch failed');
        await new Promise((r) => setTimeout(r, 20));
        return { ok: true, json: async () => ({ remotes: [{ name: 'market', entry: 'https://cdn.example/m/remoteEntry.js' }] }) };
      };
      const cache = createRemoteOriginsCache({ apiOrigin: 'http://api.test', fetcher });
      const pages = await Promise.all([cache.fresh(), cache.fresh(), cache.fresh()]);
      const shared = calls;
      down = true;
      const later = await cache.fresh(0);
      console.log(JSON.stringify({ pages, shared, later, calls }));`);
    expect(out).toEqual({
      pages: [['https://cdn.example'], ['https://cdn.example'], ['https://cdn.example']],
      shared: 2,
      later: ['https://cdn.example'],
      calls: 3,
    });
  });
});
