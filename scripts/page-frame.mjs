// What the shell's server writes inside the page's #root on a first visit: the loading frame shown at
// that path (the design system's FrameSkeleton: the logo, places for the header's controls, the
// content's shape; at /market the market's own, with its first row's photos), so a phone on a slow link
// paints it as soon as the page's stylesheet arrives instead of a blank page until the JavaScript has
// run. Every loading frame on the way to the page shows these very nodes (shared/src/page/server-frame.tsx);
// the markup is theirs (shell/src/app/first-frame.test.tsx and
// mfe-market/src/layout/first-screen-frame.test.tsx hold it equal). A visit the service worker serves
// gets its precached page, as before.

/** The content's shape while a page loads, as the shell's dispatcher picks it (shell/src/app/loading-shape.ts). */
export const shapeAt = (pathname) => (pathname === '/market' ? 'grid' : pathname === '/dashboard' ? 'cards' : 'rows');

/** The frame's one word, "Loading page" (shared/src/ui/locales), in the languages the app speaks. */
const LOADING_PAGE = { en: 'Loading page', sw: 'Inapakia ukurasa' };

/**
 * The language a first visit's page starts in, from the browser's Accept-Language: as the app picks
 * it without a remembered choice (shared/src/i18n/locale.ts, the browser's first language), Kiswahili
 * when that is Kiswahili, else English.
 */
export function localeOf(acceptLanguage) {
  const first = String(acceptLanguage ?? '')
    .slice(0, 200)
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0 };
    })
    .filter((l) => l.tag !== '' && l.tag !== '*' && l.weight > 0)
    // Stable: equal weights keep the browser's order.
    .sort((a, b) => b.weight - a.weight)[0];
  return first?.tag.startsWith('sw') ? 'sw' : 'en';
}

const PULSE = 'animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none';
const block = (classes) => `<div aria-hidden="true" class="${PULSE} ${classes}"></div>`;
const times = (n, html) => html.repeat(n);
const attr = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const rows = (count) =>
  `<div class="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">${times(
    count,
    `<div class="flex items-center gap-3 p-4"><div class="flex-1 space-y-2">${block('h-4 w-1/2')}${block('h-3 w-1/3')}</div>${block(
      'h-6 w-16 rounded-full',
    )}</div>`,
  )}</div>`;

const SHAPES = {
  cards: () =>
    `<div class="space-y-6"><div class="grid grid-cols-2 gap-3 lg:grid-cols-4">${times(
      4,
      `<div class="space-y-3 rounded-xl border border-stone-200 bg-white p-4">${block('h-3 w-2/3')}${block('h-7 w-1/2')}</div>`,
    )}</div>${rows(3)}</div>`,
  rows: () => rows(6),
};

/**
 * A first-row photo as the market's card shows it (mfe-market/src/components/product-card.tsx): filling
 * the card's square box.
 */
const photoHtml = ({ src, srcset, sizes }) =>
  `<span aria-hidden="true" class="absolute inset-0"><img src="${attr(src)}"${srcset ? ` srcset="${attr(srcset)}"${sizes ? ` sizes="${attr(sizes)}"` : ''}` : ''} alt="" loading="eager" fetchpriority="high" decoding="async" class="h-full w-full object-cover"/></span>`;

const logo = (classes) =>
  `<span class="flex items-center gap-2 font-bold ${classes}"><span aria-hidden="true" class="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-600 text-white">S</span>` +
  '<span class="sr-only sm:not-sr-only">ShambaSoko</span></span>';

/** FrameSkeleton's outside (shared/src/ui/skeleton.tsx): the header's inside, then the content's status region. */
const frame = (header, padding, content, locale) =>
  `<div class="min-h-screen bg-stone-50"><header class="border-b border-stone-200 bg-white">${header}</header>` +
  `<div role="status" aria-label="${LOADING_PAGE[locale] ?? LOADING_PAGE.en}" aria-busy="true" data-testid="page-skeleton" class="mx-auto w-full max-w-7xl ${padding}">${content}</div></div>`;

/** FrameSkeleton's markup (shared/src/ui/skeleton.tsx) for a shape (`cards` or `rows`), its label in `locale`. */
export function frameSkeletonHtml(shape, locale = 'en') {
  const header = `<div class="mx-auto flex min-h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">${logo('text-brand-700')}${block('h-10 flex-1')}${block(
    'size-10 rounded-full',
  )}</div>`;
  return frame(header, 'p-4 sm:p-6', block('mb-6 h-7 w-48') + (SHAPES[shape] ?? SHAPES.rows)(), locale);
}

/**
 * The market's frame at /market (mfe-market/src/layout/first-screen-frame.tsx, MarketFrame): its first
 * screen block by block, with `photos` ({ src, srcset, sizes }) in its first cards' photo boxes. The
 * shell's stylesheet scans this file for its classes (shell/src/styles.css).
 */
export function marketFrameHtml(locale = 'en', photos = []) {
  const header =
    '<div class="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2.5 sm:gap-x-4 sm:px-6">' +
    `${logo('min-h-11 text-brand-700')}${block('order-last h-11 w-full md:order-none md:w-auto md:flex-1')}${block('ml-auto size-11 rounded-full md:ml-0')}</div>`;
  const content =
    block('h-8 w-48') +
    block('mt-1 mb-6 h-10 w-full max-w-md sm:h-5') +
    `<div class="mb-4 flex flex-wrap items-center gap-3">${block('mr-auto h-5 w-32')}${block('h-10 w-24')}${block('h-10 w-40')}${block('h-[42px] w-20')}</div>` +
    block('h-11 w-full') +
    `<div class="mt-4 mb-3 flex h-7 items-center">${block('h-5 w-40')}</div>` +
    `<div class="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4">${Array.from(
      { length: 8 },
      (_, i) =>
        `<div class="flex"><div class="flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"><div class="relative aspect-square w-full shrink-0 bg-stone-100">${
          photos[i] ? photoHtml(photos[i]) : ''
        }</div><div class="flex flex-col gap-1.5 p-3 sm:p-4">${block('h-4 w-4/5')}${block('h-6 w-1/2')}${block('h-4 w-2/3')}</div></div></div>`,
    ).join('')}</div>`;
  return frame(header, 'px-4 py-6 sm:px-6', content, locale);
}

/**
 * The frame for the page at `pathname` (null for none). The landing page renders itself at once and
 * has no loading frame; without the manifest in the page (the registry unreadable) the shell's first
 * render guesses its frame from what the device remembers, which the server cannot know.
 * `photos`: the page's first-row photos (page-hints.mjs, `firstPhotos`), shown in the market's frame.
 * @param {{ manifest: () => unknown }} o the registry's manifest as last read (page-hints.mjs writes it into the page)
 */
export function createPageFrame({ manifest }) {
  return function frameFor(pathname, acceptLanguage, photos = []) {
    if (pathname === '/') return null;
    const current = manifest();
    if (!current || !Array.isArray(current.remotes)) return null;
    const locale = localeOf(acceptLanguage);
    const shape = shapeAt(pathname);
    return { locale, html: shape === 'grid' ? marketFrameHtml(locale, photos) : frameSkeletonHtml(shape, locale) };
  };
}

/** The page with `frame` inside its empty #root, and the <html> element's language set to the frame's. */
export function withFrame(html, frame) {
  if (!frame) return html;
  return html
    .replace('<div id="root"></div>', `<div id="root">${frame.html}</div>`)
    .replace(/<html lang="[a-z-]*"/, `<html lang="${frame.locale}"`);
}
