import { readFileSync } from 'node:fs';
import { createConfig } from '../scripts/webpack/create-config.mjs';

// The public reads /market's first screen makes (prime-market.test.ts checks the list against them).
const firstReads = JSON.parse(readFileSync(new URL('./src/features/catalog/first-reads.json', import.meta.url), 'utf8'));
// Where the first row's photos are in those answers, and how the cards pick their file (first-photos.test.ts
// checks it against prime-market.ts and photo-src.ts): the shell's server preloads them with the page.
const firstPhotos = JSON.parse(readFileSync(new URL('./src/features/catalog/first-photos.json', import.meta.url), 'utf8'));

export default (_env, argv) =>
  createConfig(
    {
      appDir: import.meta.dirname,
      name: 'market',
      port: 3002,
      exposes: { './routes': './src/routes.tsx' },
      standalone: true,
      // What a visit that starts at /market loads at once (src/routes.tsx): preloaded with its first page,
      // and its catalog reads, which the page's head sends for every visitor before the code arrives.
      opens: {
        '/market': {
          chunks: ['market-layout', 'market-page', 'market-prime'],
          serverData: true,
          publicReads: firstReads['/market'],
          photos: firstPhotos['/market'],
        },
      },
      // The catalog's priming code, which a visit that starts at /market runs as the routes arrive
      // (src/routes.tsx, the "market-prime" import) and the market page uses again (with the layout's
      // prefetch, which comes with the page's code): one chunk, not a copy in each.
      chunkGroups: {
        // The market list's words (lib/i18n.ts), which the catalog's priming and the product cards both take: one copy.
        // With them the photo address helper (components/photo-src.ts), which the priming, the product cards and
        // every page that shows a product's photo take: each of those loads these words too, and the priming's
        // helper is then no chunk of its own.
        'market-words': /[\\/]src[\\/](lib[\\/]i18n\.ts|locales[\\/]en\.json|components[\\/]photo-src\.ts)$/,
        // The frame of the public market pages (layout/market-layout.tsx, its header and search box) with what
        // it shares with those pages and no other page takes: the cart's state, the frame's icons, the toasts'
        // list, a listing's and a shop's addresses. The frame and a page load side by side, not one within the
        // other, so each carried its own copy of what they share. What a page outside the frame also takes
        // (lib/session.ts, components/toasts.ts, components/package-icon.tsx) stays out: this group would
        // bring the whole frame to that page.
        'market-frame':
          /[\\/]src[\\/](layout[\\/](market-layout|market-header|header-search)\.tsx|lib[\\/]cart[\\/](use-cart|guest-cart-store|use-guest-cart-merge|cart-lines|api[\\/](get-cart|update-cart-item|remove-cart-item|merge-cart))\.ts|components[\\/](market-paths\.ts|frame-icons\.tsx|toaster\.tsx)|features[\\/]catalog[\\/]api[\\/]get-search-suggestions\.ts)$/,
        // The photo address helper stays out (it is with the words): an order's page shows product photos
        // without the catalog, and this group would bring all of it there.
        'market-catalog':
          /[\\/]src[\\/]features[\\/]catalog[\\/](prime-market|market-filters|first-screen|api[\\/](catalog-requests|kept-catalog))\.ts$|[\\/]shared[\\/]src[\\/]primed\.ts$/,
      },
      title: 'ShambaSoko',
    },
    argv,
  );
