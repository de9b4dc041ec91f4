import { execFileSync } from 'node:child_process';
import path from 'node:path';

// page-hints.mjs and serve-static.mjs are ES modules; jest here runs CommonJS, so each case runs in a child Node process.
const hintsModule = path.join(__dirname, 'page-hints.mjs');
const serveStatic = path.join(__dirname, 'serve-static.mjs');

function run(script: string): unknown {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { createPageHints, mountOwns, withHints } = await import(${JSON.stringify(hintsModule)});\n${script}`,
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(out);
}

const setup = `
  const market = {
    name: 'market',
    entry: 'http://cdn.test/market/v/aaaaaaaa/remoteEntry.js',
    roles: ['*'],
    enabled: true,
    mounts: [{ path: '/market/*', layout: 'public' }, { path: '/cart', layout: 'public' }, { path: '/orders', layout: 'dashboard' }],
    menu: [{ group: 'Market', label: '</script><script>alert(1)</script>', to: '/market' }],
  };
  const farm = { name: 'farm', entry: 'http://cdn.test/farm/remoteEntry.js', roles: ['Farmer'], mounts: [{ path: '/dashboard', layout: 'dashboard', offline: true }] };
  let current = { remotes: [market, farm] };
  const asked = [];
  const fetcher = async (url) => {
    asked.push(String(url));
    if (String(url).includes('/farm/')) throw new Error('unreachable');
    return { ok: true, json: async () => ({ exposes: [{ name: 'routes', path: './routes', assets: {
      js: { sync: ['5460.abc.js', '__federation_expose_routes.def.js'], async: ['9999.js'] },
      css: { sync: ['5460.abc.css'], async: [] } } }] }) };
  };
  const headStart = { imports: {
    '../pages/landing-page': { js: ['587.l.js'], css: [] },
    './app-area': { js: ['730.a.js', '174.b.js'], css: ['174.b.css'] },
    '../features/remotes/load-remote-routes': { js: ['730.a.js', '487.c.js'], css: [] },
    '@shambasoko/shared/offline': { js: ['853.d.js'], css: [] },
  } };
  const hints = createPageHints({ manifest: () => current, headStart, fetcher });
`;

describe('first-visit page hints', () => {
  it('matches mounts as the shell router does', () => {
    const out = run(`console.log(JSON.stringify([
      mountOwns('/market/*', '/market'), mountOwns('/market/*', '/market/p/1'), mountOwns('/market/*', '/marketing'),
      mountOwns('/cart', '/cart'), mountOwns('/cart', '/cart/'), mountOwns('/cart', '/cart/x'),
    ]));`);
    expect(out).toEqual([true, true, false, true, true, false]);
  });

  it("carries the manifest and preloads the owning remote's entry and routes code", () => {
    const out = run(`${setup}
      const [html] = await Promise.all([hints('/market/p/42'), hints('/market')]);
      await hints('/cart');
      console.log(JSON.stringify({ html, asked }));`) as { html: string; asked: string[] };
    const block = /<script type="application\/json" id="remotes-manifest">(.*?)<\/script>/s.exec(out.html);
    // The manifest is whole, and nothing in it closes its element early.
    expect(JSON.parse(block?.[1] ?? 'null').remotes[0].menu[0].label).toBe('</script><script>alert(1)</script>');
    expect(out.html.match(/<\/script>/g)).toHaveLength(1);
    const preloads = [...out.html.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]);
    expect(preloads).toEqual([
      // The shell's chunks its head start loads on a public page (no offline support there)…
      ['style', '/174.b.css'],
      ['script', '/730.a.js'],
      ['script', '/174.b.js'],
      ['script', '/487.c.js'],
      // …and the owning remote's entry and routes code.
      ['script', 'http://cdn.test/market/v/aaaaaaaa/remoteEntry.js'],
      ['style', 'http://cdn.test/market/v/aaaaaaaa/5460.abc.css'],
      ['script', 'http://cdn.test/market/v/aaaaaaaa/5460.abc.js'],
      ['script', 'http://cdn.test/market/v/aaaaaaaa/__federation_expose_routes.def.js'],
    ]);
    // A deployed version's files never change: its lists are read once, by pages asked for at once too.
    expect(out.asked.sort()).toEqual([
      'http://cdn.test/market/v/aaaaaaaa/mf-manifest.json',
      'http://cdn.test/market/v/aaaaaaaa/opening.json',
    ]);
  });

  it('preloads the code a remote opens a page with, and the query cache when that page reads server data', () => {
    const out = run(`${setup}
      headStart.imports['./frames'] = { js: ['query.q.js', '257.s.js'], css: [] };
      headStart.imports['../layout/dashboard-layout'] = { js: ['dash.f.js'], css: [] };
      headStart.imports['../layout/public-frame'] = { js: ['public.f.js'], css: [] };
      const opening = {
        pages: {
          '/market': { js: ['market-layout.1.js', 'market-page.2.js'], css: ['market-page.2.css'], serverData: true },
          '/market/about': { js: ['about.3.js'], css: [], serverData: false },
          '/dashboard': { js: ['dashboard-page.4.js'], css: [], serverData: true },
          'no-slash': { js: ['x.js'] },
          '/cart': { js: ['../../evil.js', 'https://evil.test/x.js', 'cart.5.js'] },
        },
      };
      const manifest = { exposes: [{ path: './routes', assets: { js: { sync: ['r.js'] }, css: { sync: [] } } }] };
      const withOpening = async (url) => {
        const name = String(url).split('/').pop();
        if (String(url).includes('/old/')) return name === 'opening.json' ? { ok: false, json: async () => null } : { ok: true, json: async () => manifest };
        return { ok: true, json: async () => (name === 'opening.json' ? opening : manifest) };
      };
      farm.entry = 'http://cdn.test/farm/v/cccccccc/remoteEntry.js';
      const page = createPageHints({ manifest: () => current, headStart, fetcher: withOpening });
      const preloads = async (path) => [...(await page(path)).matchAll(/<link rel="preload" as="(\\w+)" href="([^"]+)" \\/>/g)].map((m) => m[2]);
      const result = {
        market: await preloads('/market'),
        marketSlash: await preloads('/market/'),
        product: await preloads('/market/p/1'),
        about: await preloads('/market/about'),
        cart: await preloads('/cart'),
        dashboard: await preloads('/dashboard'),
      };
      market.entry = 'http://cdn.test/market/old/remoteEntry.js';
      result.older = await preloads('/market');
      console.log(JSON.stringify(result));`) as Record<string, string[]>;
    const remote = 'http://cdn.test/market/v/aaaaaaaa/';
    // After the entry and routes code: the page's own code, then the query cache's (a public page has no frame to bring it).
    expect(out.market!.slice(-6)).toEqual([
      `${remote}r.js`,
      `${remote}market-page.2.css`,
      `${remote}market-layout.1.js`,
      `${remote}market-page.2.js`,
      '/query.q.js',
      '/257.s.js',
    ]);
    expect(out.marketSlash).toEqual(out.market);
    // Only at the path the remote declared; a page that reads no server data does without the cache.
    expect(out.product!.at(-1)).toBe(`${remote}r.js`);
    expect(out.about!.slice(-2)).toEqual([`${remote}r.js`, `${remote}about.3.js`]);
    // Only files of the remote's own folder.
    expect(out.cart!.at(-1)).toBe(`${remote}cart.5.js`);
    expect(out.cart!.join(' ')).not.toContain('evil');
    // A dashboard page has the cache from its frame already: listed once.
    expect(out.dashboard!.filter((f) => f === '/query.q.js')).toHaveLength(1);
    // The dashboard's frame comes with a dashboard page; the market draws its own header and takes
    // neither frame, and nothing preloads the public frame (the legal pages' and the 404's).
    expect(out.dashboard).toContain('/dash.f.js');
    for (const visit of [out.market, out.cart, out.about, out.dashboard]) expect(visit).not.toContain('/public.f.js');
    expect(out.market).not.toContain('/dash.f.js');
    expect(out.dashboard!.at(-1)).toBe('http://cdn.test/farm/v/cccccccc/dashboard-page.4.js');
    // A build without the list still gets its entry and routes preloaded.
    expect(out.older!.at(-1)).toBe('http://cdn.test/market/old/r.js');
  });

  it('preloads the shell files of the shared modules a page opens with that the shell loads on demand (the tabs)', () => {
    const out = run(`${setup}
      headStart.imports['./frames'] = { js: ['query.q.js', '257.s.js'], css: [] };
      headStart.shared = {
        '@shambasoko/shared/ui/tabs': { js: ['799.t.js'], css: ['799.t.css'] },
        '@tanstack/react-query': { js: ['query.q.js'], css: [] },
        'firebase/auth': { js: ['fb.a.js'], css: [] },
        '../../evil': { js: ['../evil.js'], css: [] },
      };
      const opening = { pages: { '/market': { js: ['market-page.2.js'], css: [], serverData: true,
        shared: ['react', '@shambasoko/shared/ui/tabs', '@tanstack/react-query', '__proto__', 'constructor', '../../evil', 7] } } };
      const manifest = { exposes: [{ path: './routes', assets: { js: { sync: ['r.js'] }, css: { sync: [] } } }] };
      const withOpening = async (url) => ({ ok: true, json: async () => (String(url).endsWith('opening.json') ? opening : manifest) });
      const page = createPageHints({ manifest: () => current, headStart, fetcher: withOpening });
      const html = await page('/market');
      const product = await page('/market/p/1');
      const preloads = (h) => [...h.matchAll(/<link rel="preload" as="(\\w+)" href="([^"]+)" \\/>/g)].map((m) => m[1] + ' ' + m[2]);
      console.log(JSON.stringify({ market: preloads(html), product: preloads(product) }));`) as Record<string, string[]>;
    // The tabs' files, after the page's own code and the query cache's; the query library's chunk,
    // preloaded already, once.
    expect(out.market!.slice(-5)).toEqual([
      'script http://cdn.test/market/v/aaaaaaaa/market-page.2.js',
      'script /query.q.js',
      'script /257.s.js',
      'style /799.t.css',
      'script /799.t.js',
    ]);
    expect(out.market!.filter((p) => p.endsWith('/query.q.js'))).toHaveLength(1);
    // Nothing the page does not name (firebase), nothing outside the shell's folder, no inherited key.
    expect(out.market!.join(' ')).not.toMatch(/fb\.a|evil|undefined/);
    // A path the remote did not declare opens with nothing more.
    expect(out.product!.join(' ')).not.toContain('799');
  });

  it('has a page that names its first reads send them early: the reads, then the early script, before any preload', () => {
    const out = run(`${setup}
      headStart.early = ['early.e1.js'];
      const opening = {
        pages: {
          '/dashboard': {
            js: ['dashboard-page.4.js'], css: [], serverData: true,
            reads: ['/v1/dashboard', '/v1/farms?pageSize=100&sort=name', 'https://evil.test/v1/x', '/static/x', '</script>', 7],
          },
          '/dashboard/quiet': { js: ['quiet.5.js'], css: [], serverData: true },
        },
      };
      const manifest = { exposes: [{ path: './routes', assets: { js: { sync: ['r.js'] }, css: { sync: [] } } }] };
      farm.entry = 'http://cdn.test/farm/v/cccccccc/remoteEntry.js';
      farm.mounts = [{ path: '/dashboard/*', layout: 'dashboard' }];
      const reading = async (url) => ({ ok: true, json: async () => (String(url).endsWith('opening.json') ? opening : manifest) });
      const page = () => createPageHints({ manifest: () => current, headStart, fetcher: reading });
      const result = {
        dashboard: await page()('/dashboard'),
        quiet: await page()('/dashboard/quiet'),
        filtered: await page()('/dashboard', '?status=Pending'),
      };
      delete headStart.early;
      result.olderShell = await page()('/dashboard');
      console.log(JSON.stringify(result));`) as Record<string, string>;
    const tags = out.dashboard!.split('\n').map((t) => t.trim());
    expect(tags[0]).toMatch(/^<script type="application\/json" id="remotes-manifest">/);
    // Only GETs of the core API on this origin.
    const reads = /^<script type="application\/json" id="early-requests">(.*)<\/script>$/.exec(tags[1]!)?.[1];
    expect(JSON.parse(reads ?? 'null')).toEqual(['/v1/dashboard', '/v1/farms?pageSize=100&sort=name']);
    expect(tags[2]).toBe('<script async fetchpriority="high" src="/early.e1.js"></script>');
    expect(tags[3]).toMatch(/^<link rel="preload"/);
    // A page that names none, one whose address asks for something else (filters), or a shell build
    // without the script: no early script. The filtered page still preloads its code.
    expect(out.filtered).toContain('href="http://cdn.test/farm/v/cccccccc/dashboard-page.4.js"');
    for (const html of [out.quiet!, out.filtered!, out.olderShell!]) {
      expect(html).not.toContain('early-requests');
      expect(html).not.toContain('early.e1.js');
    }
  });

  it('has a page that names public reads (the market) send them early too, in their own block', () => {
    const out = run(`${setup}
      headStart.early = ['early.e1.js'];
      const opening = {
        pages: {
          '/market': {
            js: ['market-page.4.js'], css: [], serverData: true, reads: [],
            publicReads: ['/v1/products?sort=relevance&page=1&pageSize=12', '/v1/products/featured', 'https://evil.test/v1/x'],
          },
        },
      };
      const manifest = { exposes: [{ path: './routes', assets: { js: { sync: ['r.js'] }, css: { sync: [] } } }] };
      market.entry = 'http://cdn.test/market/v/dddddddd/remoteEntry.js';
      const reading = async (url) => ({ ok: true, json: async () => (String(url).endsWith('opening.json') ? opening : manifest) });
      const page = () => createPageHints({ manifest: () => current, headStart, fetcher: reading });
      console.log(JSON.stringify({ market: await page()('/market'), searched: await page()('/market', '?q=maize') }));`) as Record<
      string,
      string
    >;
    const tags = out.market!.split('\n').map((t) => t.trim());
    const reads = /^<script type="application\/json" id="early-public-requests">(.*)<\/script>$/.exec(tags[1]!)?.[1];
    expect(JSON.parse(reads ?? 'null')).toEqual(['/v1/products?sort=relevance&page=1&pageSize=12', '/v1/products/featured']);
    expect(tags[2]).toBe('<script async fetchpriority="high" src="/early.e1.js"></script>');
    expect(out.market).not.toContain('id="early-requests"');
    // A search asks for something else: nothing is sent early.
    expect(out.searched).not.toContain('early-public-requests');
    expect(out.searched).not.toContain('early.e1.js');
  });

  it("preloads the first row's photos from the page's public answers: the file the card picks, read once, never a guess", () => {
    const out = run(`${setup}
      const plan = {
        from: [{ read: '/v1/products/featured', list: 'body' }, { read: '/v1/products?page=1', list: 'body.items' }],
        field: 'image', count: 2, sizes: '(min-width: 1024px) 25vw, 50vw', widths: [400, 800],
      };
      const opening = { pages: { '/market': { js: [], css: [], serverData: true, publicReads: [], photos: plan } } };
      const manifest = { exposes: [{ path: './routes', assets: { js: { sync: ['r.js'] }, css: { sync: [] } } }] };
      market.entry = 'http://cdn.test/market/v/dddddddd/remoteEntry.js';
      let featured = [
        { image: '/static/photos/p1-400.webp' },
        { image: '/static/products/avocado.svg' },
        { image: '/static/products/third.svg' },
      ];
      const api = [];
      let late = false;
      const reading = async (url) => {
        const u = String(url);
        if (u.startsWith('http://api.test/')) {
          api.push(u);
          if (late) await new Promise((resolve) => setTimeout(resolve, 400));
          if (u.includes('featured')) return { ok: true, json: async () => ({ body: featured }) };
          return { ok: true, json: async () => ({ body: { items: [{ image: '/static/products/maize.svg' }] } }) };
        }
        return { ok: true, json: async () => (u.endsWith('opening.json') ? opening : manifest) };
      };
      let time = 0;
      const page = createPageHints({ manifest: () => current, headStart, fetcher: reading, apiOrigin: 'http://api.test', now: () => time });
      const photos = (html) => html.split('\\n').map((t) => t.trim()).filter((t) => t.includes('as="image"'));
      const result = { first: photos(await page('/market')), again: photos(await page('/market')), searched: photos(await page('/market', '?q=maize')) };
      // What the market's loading frame shows (page-frame.mjs): the same photos from the same kept answer.
      result.framePhotos = await page.firstPhotos('/market');
      result.framePhotosElsewhere = [await page.firstPhotos('/market', '?q=maize'), await page.firstPhotos('/'), await page.firstPhotos('/farms')];
      result.readsAfterTwoPages = api.length;
      // Featured empty: the results' first row is on top instead.
      featured = [];
      time += 20_000;
      await page('/market'); // serves the kept answer while it is read again
      await new Promise((resolve) => setTimeout(resolve, 10));
      result.noFeatured = photos(await page('/market'));
      // Hostile or odd addresses in an answer never reach the page.
      result.hostile = [];
      for (const pair of [['"><script>alert(1)</script>', '//evil.test/x.svg'], ['javascript:alert(1)', 7], ['/a b.svg', "/x'.svg"]]) {
        featured = pair.map((image) => ({ image }));
        time += 20_000;
        await page('/market');
        await new Promise((resolve) => setTimeout(resolve, 10));
        result.hostile.push(...photos(await page('/market')), ...(await page.firstPhotos('/market')));
      }
      // A slow API the first time: the page goes out without them.
      late = true;
      const slow = createPageHints({ manifest: () => current, headStart, fetcher: reading, apiOrigin: 'http://api.test' });
      result.slow = [...photos(await slow('/market')), ...(await slow.firstPhotos('/market'))];
      // Without the API's address, or a plan the build did not declare: none.
      result.noApi = photos(await createPageHints({ manifest: () => current, headStart, fetcher: reading })('/market'));
      console.log(JSON.stringify(result));`) as Record<string, unknown>;
    expect(out.framePhotos).toEqual([
      {
        src: '/static/photos/p1-400.webp',
        srcset: '/static/photos/p1-400.webp 400w, /static/photos/p1-800.webp 800w',
        sizes: '(min-width: 1024px) 25vw, 50vw',
      },
      { src: '/static/products/avocado.svg', srcset: null, sizes: null },
    ]);
    expect(out.framePhotosElsewhere).toEqual([[], [], []]);
    expect(out.first).toEqual([
      '<link rel="preload" as="image" href="/static/photos/p1-400.webp" imagesrcset="/static/photos/p1-400.webp 400w, /static/photos/p1-800.webp 800w" imagesizes="(min-width: 1024px) 25vw, 50vw" fetchpriority="high" />',
      '<link rel="preload" as="image" href="/static/products/avocado.svg" fetchpriority="high" />',
    ]);
    expect(out.again).toEqual(out.first);
    // One read of the featured answer for both pages; a search shows other products first: nothing.
    expect(out.readsAfterTwoPages).toBe(1);
    expect(out.searched).toEqual([]);
    expect(out.noFeatured).toEqual(['<link rel="preload" as="image" href="/static/products/maize.svg" fetchpriority="high" />']);
    expect(out.hostile).toEqual([]);
    expect(out.slow).toEqual([]);
    expect(out.noApi).toEqual([]);
  });

  it("preloads only the landing page's chunk there, and no remote where the build is unknown, off or in a rollout", () => {
    const out = run(`${setup}
      const landing = await hints('/');
      const unreachable = await hints('/dashboard');
      const orders = await hints('/orders');
      market.rollout = { version: 'b', entry: 'http://cdn.test/market/v/bbbbbbbb/remoteEntry.js', mounts: market.mounts, role: 'Farmer', percent: 10 };
      const rollout = await hints('/market');
      delete market.rollout; market.enabled = false;
      const off = await hints('/market');
      const nowhere = await hints('/nowhere');
      current = null;
      const none = await hints('/market');
      console.log(JSON.stringify({ landing, unreachable, orders, rollout, off, nowhere, none }));`) as Record<string, string>;
    // The landing page: its own chunk, nothing else (it loads no remote).
    expect(out.landing).toBe('<link rel="preload" as="script" href="/587.l.js" />');
    expect(out.none).toBe('');
    // A page that works offline also takes the offline support. The farm build's file list could not
    // be read: its entry is still preloaded.
    expect(out.unreachable).toContain('href="/853.d.js"');
    // A dashboard page that works online only (the buyer's orders) does not: a first visit's device keeps nothing for it.
    expect(out.orders).toContain('href="/487.c.js"');
    expect(out.orders).not.toContain('/853.d.js');
    expect(out.unreachable.match(/rel="preload"/g)).toHaveLength(6);
    expect(out.unreachable).toContain('href="http://cdn.test/farm/remoteEntry.js"');
    for (const page of [out.rollout, out.off, out.nowhere]) {
      expect(page).toContain('id="remotes-manifest"');
      expect(page).toContain('href="/487.c.js"');
      expect(page).not.toContain('rel="preload" as="script" href="http://cdn.test/market');
      expect(page).not.toContain('/853.d.js');
      expect(page).not.toContain('/587.l.js');
    }
  });

  it("writes the hints into the app's page at / and client-side routes, not into /index.html itself", () => {
    const out = run(`${setup}
      const { createStaticServer } = await import(${JSON.stringify(serveStatic)});
      const { mkdtempSync, writeFileSync } = await import('node:fs');
      const dir = mkdtempSync('/tmp/hints-');
      writeFileSync(dir + '/index.html', '<html><head><title>x</title></head><body></body></html>');
      const app = createStaticServer({ roots: [dir], port: 0, host: '127.0.0.1', pageHints: hints });
      const server = await app.listen();
      const base = 'http://127.0.0.1:' + server.address().port;
      const get = async (p) => { const r = await fetch(base + p); return { status: r.status, type: r.headers.get('content-type'), cache: r.headers.get('cache-control'), text: await r.text() }; };
      const out = { route: await get('/market'), file: await get('/index.html'), root: await get('/') };
      await app.close();
      (await import('node:fs')).rmSync(dir, { recursive: true });
      console.log(JSON.stringify(out));`) as Record<string, { status: number; type: string; cache: string; text: string }>;
    expect(out.route).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', cache: 'no-cache' });
    expect(out.route?.text).toMatch(/<title>x<\/title>\s*<script type="application\/json" id="remotes-manifest">.*<\/head>/s);
    expect(out.route?.text).toContain('<link rel="preload" as="script" href="http://cdn.test/market/v/aaaaaaaa/remoteEntry.js" />');
    // The service worker precaches /index.html for every later visit: it must stay plain.
    expect(out.file?.text).toBe('<html><head><title>x</title></head><body></body></html>');
    expect(out.root?.text).toContain('<link rel="preload" as="script" href="/587.l.js" />');
    expect(out.root?.text).not.toContain('remotes-manifest');
  });
});
