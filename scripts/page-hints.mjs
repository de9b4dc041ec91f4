// What the shell's server writes into a page's <head> on a first visit (a visit the service worker
// serves gets its precached page instead, and has the code in its caches): the remotes manifest the
// page would otherwise fetch first, and preloads of the shell chunks its head start asks for and of
// the entry and routes code of the remote that owns the path. On a slow link these were round trips
// after the shell's main chunk; now they load beside it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The file the shell's build lists its head start's chunks in (scripts/webpack/create-config.mjs). */
export const HEAD_START_FILE = 'head-start.json';

/**
 * The file a remote's build lists, per page path it declares, the code its routes load at once when a
 * visit starts there (scripts/webpack/create-config.mjs, `opens`).
 */
export const OPENING_FILE = 'opening.json';

/** The id of the manifest's data block; shell/src/features/remotes/manifest.ts reads it once. */
export const INLINE_MANIFEST_ID = 'remotes-manifest';

/**
 * The shell's early script (shell/src/early.ts): its build entry's name (HEAD_START_FILE lists its
 * files under this key), and the id of the data block naming the reads it sends (shared/src/api/early.ts).
 */
export const EARLY_ENTRY = 'early';
export const EARLY_REQUESTS_ID = 'early-requests';
/** …and of the one naming the public reads it sends at once, without a session (the market's catalog). */
export const EARLY_PUBLIC_REQUESTS_ID = 'early-public-requests';
/** The reads a page may name: GETs of the core API on this origin (the early script checks them again). */
const earlyReads = (value) =>
  Array.isArray(value)
    ? value.filter((r) => typeof r === 'string' && r.length <= 200 && /^\/v1\/[\w\-./]*(\?[\w\-.=&%,]*)?$/.test(r)).slice(0, 8)
    : [];

const CACHE_LIMIT = 64;
const UNVERSIONED_TTL_MS = 60_000;
const FAILED_TTL_MS = 10_000;
/** A page waits at most this long for a build's file list, the first time it is asked for. */
const FETCH_TIMEOUT_MS = 500;
/** A deployed version's folder (scripts/deploy): what is under it never changes. */
const VERSIONED = /\/v\/[0-9a-f]{8,64}\//;

/** A public answer the page's photos are read from is kept this long (then read again while the kept one serves). */
const ANSWER_TTL_MS = 10_000;
/** The first time, a page waits at most this long for that answer (then goes without the photos' preloads). */
const ANSWER_WAIT_MS = 150;
const ANSWER_TIMEOUT_MS = 1_000;

/**
 * A page's first-row photos as its remote declares them (OPENING_FILE `photos`), checked: public reads
 * of the core API, each with where its list is (a dot path in the answer), the photo's field, how many
 * (at most 4), and the cards' `sizes` and stored widths, so the preload picks the file the card will.
 */
function photoPlan(value) {
  if (!value || typeof value !== 'object') return null;
  const from = (Array.isArray(value.from) ? value.from : [])
    .filter((f) => earlyReads([f?.read]).length === 1 && typeof f.list === 'string' && /^[\w.]{0,100}$/.test(f.list))
    .slice(0, 4)
    .map((f) => ({ read: f.read, list: f.list.split('.').filter(Boolean) }));
  const count = Math.min(4, Math.floor(Number(value.count) || 0));
  if (from.length === 0 || typeof value.field !== 'string' || !/^\w{1,50}$/.test(value.field) || count < 1) return null;
  return {
    from,
    field: value.field,
    count,
    sizes: typeof value.sizes === 'string' && value.sizes.length <= 200 ? value.sizes : null,
    widths: (Array.isArray(value.widths) ? value.widths : []).filter((w) => Number.isInteger(w) && w > 0 && w < 10_000).slice(0, 6),
  };
}

/** A photo address an answer may give: on this origin (a path) or an http(s) URL, nothing that could leave the attribute. */
const isPhotoUrl = (value) =>
  typeof value === 'string' && value.length <= 500 && (/^\/(?!\/)/.test(value) || /^https?:\/\//.test(value)) && !/[\s"'<>\\]/.test(value);

/**
 * A stored photo's widths as a srcset (`<base>-400.webp 400w, …`), or null for any other address: the
 * same candidates the card's <img> has (mfe-market/src/components/photo-src.ts; first-photos.test.ts).
 */
export function storedPhotoSrcset(src, widths) {
  const sized = /^(.+)-(\d+)\.webp$/.exec(src);
  return sized && widths.includes(Number(sized[2])) ? widths.map((w) => `${sized[1]}-${w}.webp ${w}w`).join(', ') : null;
}

/**
 * A card's photo as the page will show it: a stored photo with its srcset and the cards' sizes (so a
 * preload fetches the file the card's <img> picks), else the address alone.
 */
function photoOf(src, { sizes, widths }) {
  const srcset = storedPhotoSrcset(src, widths);
  return { src, srcset, sizes: srcset ? sizes : null };
}

/** The preload of a card's photo. */
function photoPreload({ src, srcset, sizes }) {
  const candidates = srcset ? ` imagesrcset="${attr(srcset)}"${sizes ? ` imagesizes="${attr(sizes)}"` : ''}` : '';
  return `<link rel="preload" as="image" href="${attr(src)}"${candidates} fetchpriority="high" />`;
}

/** JSON that is safe inside a <script> data block: nothing in it can close the element. */
const scriptSafeJson = (value) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const attr = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Whether a mount path (`/market/*`, `/cart`) owns a page path, as the shell's router matches it. */
export function mountOwns(mountPath, pathname) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (mountPath.endsWith('/*')) {
    const base = mountPath.slice(0, -2);
    return path === base || path.startsWith(`${base}/`);
  }
  return path === mountPath;
}

/**
 * The mount that owns `pathname` (null if none): its layout, and the entry of its remote's live build,
 * or null when the remote is switched off or in a staged rollout (which build a visitor gets depends
 * on the account, which the server does not know here).
 */
export function owningMount(manifest, pathname) {
  for (const remote of manifest?.remotes ?? []) {
    if (!Array.isArray(remote?.mounts)) continue;
    const mount = remote.mounts.find((m) => typeof m?.path === 'string' && mountOwns(m.path, pathname));
    if (!mount) continue;
    const live = remote.enabled !== false && !remote.rollout && typeof remote.entry === 'string';
    return { layout: mount.layout, offline: mount.offline === true, entry: live ? remote.entry : null };
  }
  return null;
}

/** What the head start (shell/src/app/head-start.ts) and the layouts load for the landing page only, and for a dashboard page only. */
const LANDING_ONLY = new Set(['../pages/landing-page']);
const DASHBOARD_ONLY = new Set([
  '@shambasoko/shared/preferences',
  // Imported by shell/src/app/server-data.tsx: the query cache and the dashboard layout.
  './frames',
  '../layout/dashboard-layout',
]);
/**
 * …and for a page that works offline (a mount marked `offline`): its offline support and the top bar's
 * offline corner (shell/src/layout/offline-status.tsx). Other pages load them only when the device keeps
 * saved data or waiting changes, which a first visit's device does not.
 */
const OFFLINE_ONLY = new Set(['@shambasoko/shared/offline', '../features/offline/offline-panel']);

/**
 * Not preloaded: the public frame (shell/src/app/server-data.tsx) sits around the legal pages and the
 * 404 only, while the market's public pages, the usual first visit, draw their own header.
 */
const NEVER = new Set(['../layout/public-frame']);

/** The shell chunks of the query cache (shell/src/app/server-data.tsx), which a public page that reads server data loads too. */
const SERVER_DATA = './frames';

/** The shell's own chunks the head start asks for on the landing page or a page with this layout, from the build's list. */
function shellFiles(headStart, landing, layout, offline = false) {
  const files = { js: new Set(), css: new Set() };
  for (const [request, chunk] of Object.entries(headStart?.imports ?? {})) {
    if (LANDING_ONLY.has(request) !== landing) continue;
    if (NEVER.has(request)) continue;
    if (DASHBOARD_ONLY.has(request) && layout !== 'dashboard') continue;
    if (OFFLINE_ONLY.has(request) && !(offline && layout === 'dashboard')) continue;
    for (const kind of ['js', 'css']) for (const f of chunk?.[kind] ?? []) if (typeof f === 'string') files[kind].add(`/${f}`);
  }
  return { js: [...files.js], css: [...files.css] };
}

/**
 * @param {{ manifest: () => unknown, headStart?: unknown, apiOrigin?: string, fetcher?: typeof fetch, now?: () => number }} o
 *   manifest: the registry's manifest as last read (csp.mjs keeps it, read again for every page)
 *   headStart: the shell build's HEAD_START_FILE
 *   apiOrigin: the core API, for the public answers a page's first photos are read from (none: no photo preloads)
 */
export function createPageHints({ manifest, headStart = null, apiOrigin, fetcher = fetch, now = Date.now }) {
  /** entry URL → { until, files: Promise<{ js: string[], css: string[] } | null> } (pages asked for at once share one read) */
  const routesFiles = new Map();

  /** File names of a build's lists: inside its own folder only (no '..', no host, no absolute path). */
  const list = (value) =>
    Array.isArray(value)
      ? value.filter((f) => typeof f === 'string' && /^[\w.-]+(\/[\w.-]+)*$/.test(f) && !f.split('/').includes('..'))
      : [];
  const readJson = async (url) => {
    const response = await fetcher(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    return response.ok ? response.json() : null;
  };

  /**
   * The files the remote's `./routes` needs before it runs, from its build's mf-manifest.json, and per
   * page path it declares, the code it opens with there (OPENING_FILE; none from a build without one).
   */
  async function readFiles(entry) {
    const opening = readJson(new URL(OPENING_FILE, entry)).catch(() => null);
    try {
      const routes = ((await readJson(new URL('mf-manifest.json', entry)))?.exposes ?? []).find(
        (e) => e?.path === './routes' || e?.name === 'routes',
      );
      const pages = new Map();
      for (const [pagePath, page] of Object.entries((await opening)?.pages ?? {})) {
        if (typeof pagePath === 'string' && pagePath.startsWith('/'))
          pages.set(pagePath, {
            js: list(page?.js),
            css: list(page?.css),
            serverData: page?.serverData === true,
            shared: Array.isArray(page?.shared) ? page.shared.filter((key) => typeof key === 'string').slice(0, 32) : [],
            reads: earlyReads(page?.reads),
            publicReads: earlyReads(page?.publicReads),
            photos: photoPlan(page?.photos),
          });
      }
      return { js: list(routes?.assets?.js?.sync), css: list(routes?.assets?.css?.sync), pages };
    } catch {
      // unreachable or not JSON: the page still preloads the entry
      return null;
    }
  }

  /** read → { until, last (undefined until first answered; null when it failed), refreshing } */
  const answers = new Map();

  /**
   * A public read's answer, kept ANSWER_TTL_MS and read again in the background after that (the kept one
   * serves meanwhile); the first time, the page waits ANSWER_WAIT_MS at most (null: it goes without).
   */
  function publicAnswer(read) {
    let entry = answers.get(read);
    if (!entry) {
      if (answers.size >= CACHE_LIMIT) answers.delete(answers.keys().next().value);
      entry = { until: 0, last: undefined, refreshing: null };
      answers.set(read, entry);
    }
    const kept = entry;
    if (kept.until <= now() && !kept.refreshing)
      kept.refreshing = fetcher(new URL(read, apiOrigin), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      })
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null)
        .then((value) => {
          kept.last = value;
          kept.until = now() + (value ? ANSWER_TTL_MS : FAILED_TTL_MS);
          kept.refreshing = null;
          return value;
        });
    if (kept.last !== undefined) return Promise.resolve(kept.last);
    let timer;
    return Promise.race([kept.refreshing, new Promise((resolve) => (timer = setTimeout(resolve, ANSWER_WAIT_MS, null)))]).finally(() =>
      clearTimeout(timer),
    );
  }

  /**
   * A page's first-row photos: from the first of its reads whose list has items (a failed or late
   * answer: none, rather than a guess).
   */
  async function photosOf(plan) {
    for (const { read, list } of plan.from) {
      let items = await publicAnswer(read);
      if (items === null) return [];
      for (const key of list) items = items?.[key];
      if (!Array.isArray(items)) return [];
      if (items.length === 0) continue;
      return items
        .slice(0, plan.count)
        .map((item) => item?.[plan.field])
        .filter(isPhotoUrl)
        .map((src) => photoOf(src, plan));
    }
    return [];
  }

  function filesOf(entry) {
    const known = routesFiles.get(entry);
    if (known && known.until > now()) return known.files;
    if (routesFiles.size >= CACHE_LIMIT) routesFiles.delete(routesFiles.keys().next().value);
    const record = { until: Infinity, files: readFiles(entry) };
    routesFiles.set(entry, record);
    void record.files.then((files) => {
      record.until = now() + (!files ? FAILED_TTL_MS : VERSIONED.test(entry) ? Infinity : UNVERSIONED_TTL_MS);
    });
    return record.files;
  }

  /** A mount's entry as a URL, or null (none, not a URL, or not http(s): the shell drops that remote too). */
  const entryOf = (mount) => {
    try {
      const url = mount?.entry ? new URL(mount.entry) : null;
      return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : null;
    } catch {
      return null;
    }
  };
  const pageOf = (files, pathname) => files?.pages.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  /** The first-row photos a page declares (none with a query in the address, which asks for other products, or without the API). */
  const photosAt = (page, search) => (page?.photos && apiOrigin && !search ? photosOf(page.photos) : []);

  /**
   * The tags for the page at `pathname` (the landing page loads no remote: its own chunk only). With a
   * query in the address (`search`, filters on a list page), the page reads what that asks for, not
   * what it names: its reads are left out.
   */
  async function hintsFor(pathname, search = '') {
    const tags = [];
    const preloaded = new Set();
    const preload = (as, hrefs) =>
      hrefs.forEach((href) => {
        if (preloaded.has(href)) return;
        preloaded.add(href);
        tags.push(`<link rel="preload" as="${as}" href="${attr(href)}" />`);
      });
    const preloadShell = (files) => {
      preload('style', files.css);
      preload('script', files.js);
    };
    if (pathname === '/') {
      preloadShell(shellFiles(headStart, true));
      return tags.join('\n    ');
    }
    const current = manifest();
    if (!current || !Array.isArray(current.remotes)) return '';
    tags.push(`<script type="application/json" id="${INLINE_MANIFEST_ID}">${scriptSafeJson(current)}</script>`);
    const mount = owningMount(current, pathname);
    preloadShell(shellFiles(headStart, false, mount?.layout, mount?.offline));
    const entryUrl = entryOf(mount);
    if (entryUrl) {
      const files = await filesOf(entryUrl.href);
      const urls = (names) => names.map((f) => new URL(f, entryUrl).href);
      preload('script', [entryUrl.href]);
      preload('style', urls(files?.css ?? []));
      preload('script', urls(files?.js ?? []));
      // The page's own code, and the query cache's when it reads server data (a dashboard page has it already).
      const page = pageOf(files, pathname);
      if (page) {
        // The reads its first screen needs, sent by the early script as soon as the page is parsed
        // (shared/src/api/early.ts), with the session refresh they wait for; and its public reads,
        // which wait for nothing. First in the head after the manifest: it is small, and what it
        // sends waits for nothing else.
        const early = list(headStart?.[EARLY_ENTRY]);
        const block = (id, reads) =>
          reads.length > 0 ? [`<script type="application/json" id="${id}">${scriptSafeJson(reads)}</script>`] : [];
        const first = [];
        if (page.reads.length + page.publicReads.length > 0 && early.length > 0 && !search)
          first.push(
            ...block(EARLY_REQUESTS_ID, page.reads),
            ...block(EARLY_PUBLIC_REQUESTS_ID, page.publicReads),
            ...early.map((file) => `<script async fetchpriority="high" src="/${attr(file)}"></script>`),
          );
        // The first row's photos, the page's largest paint: otherwise asked for only once the early
        // script's answer is in (a throttled first visit of /market asked at 0.7 s instead of 2.6 s).
        first.push(...(await photosAt(page, search)).map(photoPreload));
        tags.splice(1, 0, ...first);
        preload('style', urls(page.css));
        preload('script', urls(page.js));
        if (page.serverData && mount.layout !== 'dashboard') {
          const shared = headStart?.imports?.[SERVER_DATA] ?? {};
          preloadShell({ js: list(shared.js).map((f) => `/${f}`), css: list(shared.css).map((f) => `/${f}`) });
        }
        // The shared modules its code takes from the shell that the shell loads only on demand (the
        // tabs): requested once that code has run, they were the last link before the first paint.
        for (const key of page.shared) {
          const offered = Object.hasOwn(headStart?.shared ?? {}, key) ? headStart.shared[key] : null;
          preloadShell({ js: list(offered?.js).map((f) => `/${f}`), css: list(offered?.css).map((f) => `/${f}`) });
        }
      }
    }
    return tags.join('\n    ');
  }

  /**
   * The first-row photos of the page at `pathname` (photosAt): what the market's loading frame shows
   * (page-frame.mjs), from the same kept answers as hintsFor's preloads.
   */
  hintsFor.firstPhotos = async function firstPhotos(pathname, search = '') {
    const current = manifest();
    const entryUrl = pathname !== '/' && Array.isArray(current?.remotes) ? entryOf(owningMount(current, pathname)) : null;
    return entryUrl ? photosAt(pageOf(await filesOf(entryUrl.href), pathname), search) : [];
  };
  return hintsFor;
}

/** The shell build's HEAD_START_FILE in `dist`, or null (an older build has none: no shell chunks are preloaded). */
export function readHeadStart(dist) {
  try {
    return JSON.parse(readFileSync(path.join(dist, HEAD_START_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/** The page with the hints at the end of its <head>. */
export const withHints = (html, hints) => (hints ? html.replace('</head>', `  ${hints}\n  </head>`) : html);
