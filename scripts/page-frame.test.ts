import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// page-frame.mjs and serve-static.mjs are ES modules; jest here runs CommonJS, so each case runs in a
// child Node process. (shell/src/app/first-frame.test.tsx holds the frame equal to FrameSkeleton's markup.)
const frameModule = path.join(__dirname, 'page-frame.mjs');
const serveStatic = path.join(__dirname, 'serve-static.mjs');

function run(script: string): unknown {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out);
}

describe("a first visit's loading frame", () => {
  it('speaks the language the browser puts first (Kiswahili or English), as the app picks it', () => {
    const headers = [
      'sw-KE,sw;q=0.9,en;q=0.8',
      'sw',
      'en-GB,en;q=0.9,sw;q=0.8',
      'en;q=0.5, sw;q=0.9',
      'fr-FR,fr;q=0.9',
      '',
      undefined,
      '*;q=1, sw;q=0.4',
      'sw;q=0, en',
      'sw;q=abc, en;q=0.1',
      `${'x,'.repeat(50_000)}sw`,
    ];
    const out = run(`
      const { localeOf } = await import(${JSON.stringify(frameModule)});
      console.log(JSON.stringify(${JSON.stringify(headers)}.map((h) => localeOf(h ?? undefined))));`);
    expect(out).toEqual(['sw', 'sw', 'en', 'sw', 'en', 'en', 'en', 'sw', 'en', 'en', 'en']);
  });

  it("is written into the page at every path but the landing page, in its language, only while the manifest is known; the market's with its first photos", () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'page-frame-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>ShambaSoko</title></head><body class="bg-stone-50"><div id="root"></div></body></html>',
    );
    const out = run(`
      const { createStaticServer } = await import(${JSON.stringify(serveStatic)});
      const { createPageFrame } = await import(${JSON.stringify(frameModule)});
      let manifest = { remotes: [] };
      const app = createStaticServer({
        roots: [${JSON.stringify(dist)}], port: 0, host: '127.0.0.1',
        // The first-row photos page-hints.mjs finds (tested there): the market's frame shows them in its first cards.
        pageHints: Object.assign(async () => '<meta name="hinted" />', {
          firstPhotos: async () => [
            { src: '/static/uploads/ab12-400.webp', srcset: '/static/uploads/ab12-400.webp 400w, /static/uploads/ab12-800.webp 800w', sizes: '50vw' },
            { src: '/static/products/"><script>.svg', srcset: null, sizes: null },
          ],
        }),
        pageFrame: createPageFrame({ manifest: () => manifest }),
      });
      const server = await app.listen();
      const get = async (path, language) => {
        const res = await fetch('http://127.0.0.1:' + server.address().port + path, { headers: language ? { 'accept-language': language } : {} });
        const html = await res.text();
        return {
          vary: res.headers.get('vary'),
          lang: html.match(/<html lang="([a-z]+)"/)?.[1],
          hinted: html.includes('<meta name="hinted" />'),
          root: html.match(/<div id="root">(.*)<\\/div><\\/body>/)?.[1] ?? null,
        };
      };
      const pages = { market: await get('/market', 'en-KE,en'), dashboard: await get('/dashboard', 'sw-KE,sw;q=0.9'), landing: await get('/') };
      manifest = null;
      pages.unknownManifest = await get('/market');
      console.log(JSON.stringify(pages));
      await app.close();`) as Record<string, { vary: string; lang: string; hinted: boolean; root: string | null }>;
    expect(out.market.vary).toBe('Accept-Encoding, Accept-Language');
    expect(out.market.hinted).toBe(true);
    expect(out.market.lang).toBe('en');
    expect(out.market.root).toContain('class="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4"');
    const photos = [
      ...(out.market.root ?? '').matchAll(/<div class="relative aspect-square w-full shrink-0 bg-stone-100">(.*?)<\/div>/g),
    ].map((m) => m[1]);
    expect(photos).toEqual([
      '<span aria-hidden="true" class="absolute inset-0"><img src="/static/uploads/ab12-400.webp" srcset="/static/uploads/ab12-400.webp 400w, /static/uploads/ab12-800.webp 800w" sizes="50vw" alt="" loading="eager" fetchpriority="high" decoding="async" class="h-full w-full object-cover"/></span>',
      '<span aria-hidden="true" class="absolute inset-0"><img src="/static/products/&quot;>&lt;script>.svg" alt="" loading="eager" fetchpriority="high" decoding="async" class="h-full w-full object-cover"/></span>',
      ...Array(6).fill(''),
    ]);
    expect(out.market.root).toContain('aria-label="Loading page"');
    expect(out.dashboard.lang).toBe('sw');
    expect(out.dashboard.root).toContain('aria-label="Inapakia ukurasa"');
    expect(out.dashboard.root).toContain('class="grid grid-cols-2 gap-3 lg:grid-cols-4"');
    expect(out.dashboard.root).not.toContain('<img');
    // The landing page renders itself; without the manifest the shell's first render guesses its frame.
    expect(out.landing).toMatchObject({ root: '', lang: 'en', hinted: true });
    expect(out.unknownManifest).toMatchObject({ root: '', lang: 'en', hinted: true });
  });
});
