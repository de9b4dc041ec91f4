// One webpack + Module Federation config for the shell and every remote, so they build alike.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { SHARED_VERSIONS_FILE, providedVersions } from '../deploy/provided.mjs';
import { EARLY_ENTRY, HEAD_START_FILE, OPENING_FILE } from '../page-hints.mjs';
import scopeRemoteCssModule from './scope-remote-css.cjs';
import webpack from 'webpack';
import { createServiceWorkerConfig, serviceWorkerPlugins } from './service-worker.mjs';
import { RUNTIME_GLOBAL_KEY, RUNTIME_VERSION } from './shared-runtime/constants.mjs';

const require = createRequire(import.meta.url);

/** An SVG file as a data: URL for an attribute (only what must be escaped there is). */
const svgDataUrl = (file) =>
  `data:image/svg+xml,${readFileSync(file, 'utf8')
    .trim()
    .replace(/"/g, "'")
    .replace(/[%#<>&\r\n]/g, (c) => encodeURIComponent(c))}`;

const rootDir = path.resolve(import.meta.dirname, '../..');
/** Webpack's filesystem cache, outside node_modules so a reinstall keeps it (git-ignored, as is all of .cache/). */
const WEBPACK_CACHE_DIR = path.join(rootDir, '.cache/webpack');
/**
 * The filesystem cache, except on CI (`CI` set, as CI services and `.ci/run` do): a clean clone builds
 * once and never reads it, and writing it held each build lane 13-20 s after its last compilation.
 */
export function buildCache(name, configFiles, env = process.env) {
  const onCi = env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI !== 'false';
  if (onCi) return false;
  return { type: 'filesystem', cacheDirectory: path.join(WEBPACK_CACHE_DIR, name), buildDependencies: { config: configFiles } };
}
const API_ORIGIN = process.env.CORE_API_ORIGIN ?? 'http://localhost:4000';

const { scopeRemoteCss } = scopeRemoteCssModule;
const facades = path.join(import.meta.dirname, 'facades');
const sharedPackage = require(path.join(rootDir, 'shared/package.json'));
const installedVersion = (name) => require(path.join(rootDir, 'node_modules', name, 'package.json')).version;

/**
 * The libraries every app shares as singletons, so one copy of each runs on the page. Shared
 * modules are not tree-shaken, so the router and the query library are provided through
 * facades (scripts/webpack/facades) that re-export only what our code uses.
 */
export function sharedSingletons(appPackage, { eager = false } = {}) {
  const deps = { ...appPackage.dependencies };
  const one = (name, versionFrom = name) => ({
    singleton: true,
    eager,
    requiredVersion: deps[versionFrom] ?? false,
  });
  const router = {
    singleton: true,
    eager,
    requiredVersion: deps['react-router-dom'] ?? false,
    version: installedVersion('react-router'),
    import: path.join(facades, 'react-router.mjs'),
  };
  return {
    react: one('react'),
    'react/jsx-runtime': one('react/jsx-runtime', 'react'),
    'react-dom': one('react-dom'),
    'react-dom/client': one('react-dom/client', 'react-dom'),
    'react-router': router,
    'react-router-dom': router,
    zustand: one('zustand'),
    // Pages that read server data load the query library with them; the landing page does not need it.
    '@tanstack/react-query': {
      ...one('@tanstack/react-query'),
      eager: false,
      version: installedVersion('@tanstack/react-query'),
      import: path.join(facades, 'react-query.mjs'),
    },
    '@shambasoko/shared': { singleton: true, eager, requiredVersion: false },
    // The identity SDK: one app and one auth instance for the page, loaded only when an auth action
    // needs it. Apps that do not depend on it never bundle a copy (import: false).
    ...Object.fromEntries(
      ['firebase/app', 'firebase/auth'].map((name) => [
        name,
        deps.firebase
          ? { singleton: true, eager: false, requiredVersion: deps.firebase, version: installedVersion('firebase') }
          : { singleton: true, eager: false, requiredVersion: false, import: false },
      ]),
    ),
    // The design system loads with the first page that shows it, never eagerly.
    '@shambasoko/shared/ui': { singleton: true, eager: false, requiredVersion: false },
    // Parts of it few pages show are singletons of their own, so the rest do not load them: tabs and a
    // dispute's photos.
    '@shambasoko/shared/ui/tabs': { singleton: true, eager: false, requiredVersion: false },
    '@shambasoko/shared/ui/photo-strip': { singleton: true, eager: false, requiredVersion: false },
    // Reads TanStack Query (never eager in the shell), so it cannot ride in the shared entry.
    '@shambasoko/shared/preferences': { singleton: true, eager: false, requiredVersion: false },
    // The offline cache and outbox: one copy, so the shell's badge sees the writes a remote queues.
    '@shambasoko/shared/offline': { singleton: true, eager: false, requiredVersion: false },
  };
}

function emitSharedVersions(shared) {
  const json = JSON.stringify(providedVersions(shared), null, 2);
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('SharedVersions', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'SharedVersions', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () =>
          compilation.emitAsset(SHARED_VERSIONS_FILE, new webpack.sources.RawSource(json)),
        );
      });
    },
  };
}

const SLIM_RUNTIME = {
  [path.join('plugins', 'snapshot', 'SnapshotHandler.js')]: 'snapshot-handler.mjs',
  [path.join('utils', 'preload.js')]: 'preload.mjs',
  [path.join('utils', 'semver', 'index.js')]: 'semver.mjs',
};
const runtimeCoreDist = path.join(rootDir, 'node_modules/@module-federation/runtime-core/dist');

/** The shell's offline chunk: the offline support, the panel that starts it, and the libraries they take. */
const OFFLINE_CHUNK =
  /[\\/]shared[\\/]src[\\/]offline[\\/]|[\\/]shell[\\/]src[\\/]features[\\/]offline[\\/](offline-panel\.tsx|use-online\.ts)$|[\\/]node_modules[\\/]idb-keyval[\\/]/;

/**
 * The saver of farm data for offline reading (shared/src/offline/persist.ts, TanStack Query's persister
 * and the query library's hydration, which only it takes): a chunk of its own, which the offline support
 * loads once there is data to restore or save (shared/src/offline/start.ts), not with every page's code.
 */
const SAVER_CHUNK =
  /[\\/]shared[\\/]src[\\/]offline[\\/]persist\.ts$|[\\/]node_modules[\\/]@tanstack[\\/](query-persist-client-core[\\/]|react-query-persist-client[\\/]|query-core[\\/]build[\\/]modern[\\/]hydration\.js$)/;

/** The modules of the shell's query chunk (see its cache group). */
const QUERY_CHUNK = [
  /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
  /[\\/]facades[\\/]react-query\.mjs$/,
  /[\\/]shell[\\/]src[\\/]app[\\/]frames\.tsx$/,
  /[\\/]shell[\\/]src[\\/]layout[\\/](account-menu|notifications-bell|count-badge)\.tsx$/,
  // What those take that is not the design system's: every other user of these loads the query library too.
  /[\\/]shell[\\/]src[\\/]lib[\\/](query-client|use-dismiss)\.ts$/,
  /[\\/]shared[\\/]src[\\/](preferences|query)\.ts$/,
];

/** The shell's chunk of the app area (every page but the landing page): see `onlyInApp`. */
const APP_CHUNK = 'app';

/** Whether every way to load `group` passes through the chunk group named `name` (or is that group). */
function loadedAfter(group, name, seen = new Set()) {
  if (group.name === name) return true;
  // A cycle of async imports adds no other way in.
  if (seen.has(group)) return true;
  seen.add(group);
  const parents = group.getParents();
  return parents.length > 0 && parents.every((parent) => loadedAfter(parent, name, seen));
}

/**
 * The app area's code (shell/src/app/app-area.tsx), the remote loader (the federation runtime and the
 * design system the shell offers remotes) and the other modules only they and what they load take, as
 * one chunk: the imports that start them are named `app` (shell/src/app/head-start.ts). Split by the
 * default rules they were three files that every page but the landing page fetched together; one
 * file compresses about 1.1 KB gzip smaller. A module that something outside the app area takes too
 * (the landing page) stays where the default rules put it, so the landing page does not load this.
 */
function onlyInApp(module, { chunkGraph }) {
  const chunks = [...chunkGraph.getModuleChunksIterable(module)];
  return (
    chunks.some((chunk) => chunk.name === APP_CHUNK) &&
    chunks.every((chunk) => [...chunk.groupsIterable].every((group) => loadedAfter(group, APP_CHUNK)))
  );
}

/** The shell's split rules: webpack's two default groups, which leave the app chunk's modules in it. */
const shellChunkGroups = {
  app: { name: APP_CHUNK, chunks: 'async', enforce: true, test: onlyInApp },
  defaultVendors: {
    idHint: 'vendors',
    reuseExistingChunk: true,
    priority: -10,
    test: (module, context) => /[\\/]node_modules[\\/]/i.test(module.nameForCondition?.() ?? '') && !onlyInApp(module, context),
  },
  default: { idHint: '', reuseExistingChunk: true, minChunks: 2, priority: -20, test: (module, context) => !onlyInApp(module, context) },
};

/** The same shared singletons, taken from the host only (no copy of the remote's own to fall back on). */
const hostProvided = (shared) => Object.fromEntries(Object.entries(shared).map(([name, config]) => [name, { ...config, import: false }]));

const bundlerRuntimeDist = path.join(rootDir, 'node_modules/@module-federation/webpack-bundler-runtime/dist');

/** Leaves out runtime features we never use (see slim-runtime/README.md). */
const slimRuntimePlugin = () =>
  new webpack.NormalModuleReplacementPlugin(
    /runtime-core[\\/]dist[\\/].*$|^\.\.?\/.*(SnapshotHandler|preload|semver\/index)\.js$|^@module-federation\/sdk$/,
    (resource) => {
      const target = slimRuntimeTarget(resource);
      if (target) resource.request = target;
    },
  );

function slimRuntimeTarget(resource) {
  if (resource.request === '@module-federation/sdk')
    return resource.context?.startsWith(bundlerRuntimeDist) ? path.join(import.meta.dirname, 'slim-runtime', 'sdk-names.mjs') : null;
  if (!resource.context?.startsWith(runtimeCoreDist)) return null;
  const file = path.relative(runtimeCoreDist, path.resolve(resource.context, resource.request));
  return SLIM_RUNTIME[file] ? path.join(import.meta.dirname, 'slim-runtime', SLIM_RUNTIME[file]) : null;
}

/** The real libraries behind the facades; react-router's package exports only its development build. */
function facadeTargets(production) {
  return {
    'shambasoko-full-react-router$': path.join(
      rootDir,
      'node_modules/react-router/dist',
      production ? 'production' : 'development',
      'index.mjs',
    ),
    'shambasoko-full-react-query$': path.join(rootDir, 'node_modules/@tanstack/react-query/build/modern/index.js'),
    'mf-runtime-core-dist': path.join(rootDir, 'node_modules/@module-federation/runtime-core/dist'),
  };
}

const shellFacadeAliases = {
  'react-router$': path.join(facades, 'react-router.mjs'),
  'react-router-dom$': path.join(facades, 'react-router.mjs'),
  '@tanstack/react-query$': path.join(facades, 'react-query.mjs'),
};

/** What the shell's federation instance offers remotes (shell/src/features/remotes/federation.ts). */
function shellProvidesPlugin(appPackage, sharedRuntime) {
  return new webpack.DefinePlugin({
    __SHELL_PROVIDES__: JSON.stringify(providedVersions(sharedSingletons(appPackage))),
    __SHARED_RUNTIME__: JSON.stringify(sharedRuntime ? { key: RUNTIME_GLOBAL_KEY, version: RUNTIME_VERSION } : null),
    // What the build plugin tells the runtime in the remotes' builds (experiments.optimization), told
    // here too: the shell's runtime runs in browsers only (no Node script loading) and never reads
    // snapshots. It still loads remotes and shares modules.
    ENV_TARGET: JSON.stringify('web'),
    FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true,
  });
}

/**
 * The shell's main chunk fetched at High priority: Chrome fetches a deferred script at Low, behind the
 * page's preloads, so on a slow link it arrived last, and what it starts (the remote's routes, the
 * tabs) after it (issue 43: `/market`'s LCP chain). The renderer, larger, keeps the default: at High
 * too, it shared the link with the stylesheets and the first paint came 0.2-0.3 s later in Lighthouse.
 */
export function highPriorityMain() {
  return {
    apply(compiler) {
      compiler.hooks.compilation.tap('HighPriorityMain', (compilation) => {
        HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('HighPriorityMain', (data) => {
          for (const tag of data.assetTags.scripts)
            if (MAIN_SCRIPT.test(String(tag.attributes.src ?? ''))) tag.attributes.fetchpriority = 'high';
          return data;
        });
      });
    },
  };
}

/** The main chunk's file as the page names it (`[name].[contenthash:8].js`, or `main.js` in development). */
const MAIN_SCRIPT = /(^|\/)main(\.[0-9a-f]+)?\.js$/;

/**
 * Lists, per import in the shell's head start (shell/src/app/head-start.ts), in the module it
 * starts the query cache and frames through (shell/src/app/server-data.tsx) and in the dashboard
 * layout's offline corner (shell/src/layout/offline-status.tsx), the files of the chunks it loads at
 * boot: the server preloads them from a first visit's page, beside the main chunk.
 */
function emitHeadStartFiles() {
  const starters = [
    path.join('src', 'app', 'head-start.ts'),
    path.join('src', 'app', 'server-data.tsx'),
    // The dashboard layout's offline corner, which loads as the layout renders.
    path.join('src', 'layout', 'offline-status.tsx'),
  ];
  // The shell's offers to the remotes: a shared module it loads only when a remote page asks for it
  // (the design system's tabs) is listed under `shared`, and preloaded for the pages that open with it.
  const offers = path.join('src', 'features', 'remotes', 'federation.ts');
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('HeadStartFiles', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'HeadStartFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          const imports = {};
          const shared = {};
          for (const group of compilation.chunkGroups) {
            for (const origin of group.origins ?? []) {
              const resource = origin.module?.resource;
              if (!origin.request || !resource) continue;
              const into = starters.some((file) => resource.endsWith(file)) ? imports : resource.endsWith(offers) ? shared : null;
              if (!into) continue;
              const files = group.chunks.flatMap((chunk) => [...chunk.files]);
              const entry = (into[origin.request] ??= { js: [], css: [] });
              for (const file of files) {
                const list = file.endsWith('.js') ? entry.js : file.endsWith('.css') ? entry.css : null;
                if (list && !list.includes(file)) list.push(file);
              }
            }
          }
          const early = [...(compilation.entrypoints.get(EARLY_ENTRY)?.getFiles() ?? [])].filter((f) => f.endsWith('.js'));
          compilation.emitAsset(HEAD_START_FILE, new webpack.sources.RawSource(JSON.stringify({ imports, shared, early }, null, 2)));
        });
      });
    },
  };
}

/**
 * Lists, per page path a remote declares (`opens`: the named chunks its routes load at once when a
 * visit starts there, whether the page reads server data, and which reads its first screen makes),
 * the files of those chunks: the shell's server preloads them from a first visit's page
 * (scripts/page-hints.mjs), beside the remote's entry, instead of after the routes have run, and has
 * the page send those reads early (shared/src/api/early.ts).
 */
function emitOpeningFiles(opens) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('OpeningFiles', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'OpeningFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          const pages = {};
          for (const [pagePath, { chunks, serverData = true, reads = [], publicReads = [], photos }] of Object.entries(opens)) {
            const page = (pages[pagePath] = { js: [], css: [], shared: [], serverData, reads, publicReads, ...(photos ? { photos } : {}) });
            for (const chunkName of chunks) {
              const group = compilation.namedChunkGroups.get(chunkName);
              if (!group)
                throw new Error(`opens["${pagePath}"] names "${chunkName}", which no import() in the build is called (webpackChunkName).`);
              for (const chunk of group.chunks) {
                for (const file of chunk.files) {
                  const list = file.endsWith('.js') ? page.js : file.endsWith('.css') ? page.css : null;
                  if (list && !list.includes(file)) list.push(file);
                }
                // The shared modules these chunks take from the host: those the shell loads on demand
                // (the tabs) are preloaded with the page, not fetched once its code has run.
                for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
                  const key = shareKeyOf(module);
                  if (key !== undefined && !page.shared.includes(key)) page.shared.push(key);
                }
              }
            }
            page.shared.sort();
          }
          compilation.emitAsset(OPENING_FILE, new webpack.sources.RawSource(JSON.stringify({ pages }, null, 2)));
        });
      });
    },
  };
}

/**
 * The share key a consume-shared module takes from the host: webpack names it in the module's options,
 * Rspack (scripts/webpack/rspack.mjs) only in its identifier, "consume shared module (<scope>) <key>@<range> …".
 */
export function shareKeyOf(module) {
  if (module.type !== 'consume-shared-module') return undefined;
  if (typeof module.options?.shareKey === 'string') return module.options.shareKey;
  return /^consume shared module \([^)]*\) (.+?)@/.exec(String(module.identifier?.() ?? ''))?.[1];
}

const sharedRuntimeDir = path.join(import.meta.dirname, 'shared-runtime');
const sharedRuntimeAliases = {
  '@module-federation/runtime$': path.join(sharedRuntimeDir, 'runtime.mjs'),
  '@module-federation/runtime/helpers$': path.join(sharedRuntimeDir, 'helpers.mjs'),
};

/** Loaders of every build: TypeScript/JSX through swc, CSS through Tailwind (scoped for remotes), images. */
function moduleRules({ production, isRemote, name, appDir }) {
  return [
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !production } },
            target: 'es2020',
          },
        },
      },
    },
    {
      test: /\.css$/,
      use: [
        MiniCssExtractPlugin.loader,
        'css-loader',
        {
          loader: 'postcss-loader',
          // Tailwind scans the app's folder for class names: named, not the working directory, so one
          // process can build several apps (scripts/build.mjs).
          options: {
            postcssOptions: { plugins: [['@tailwindcss/postcss', { base: appDir }], ...(isRemote ? [scopeRemoteCss(name)] : [])] },
          },
        },
      ],
    },
    { test: /\.(svg|png|jpe?g|webp|avif)$/, type: 'asset/resource' },
    // Translation catalogs, precompiled (see catalog-loader.mjs).
    { test: /[\\/]locales[\\/][\w.-]+\.json$/, type: 'javascript/auto', use: path.join(import.meta.dirname, 'catalog-loader.mjs') },
    // The shell's own code uses the facades it offers remotes (shell/src/features/remotes/federation.ts), so
    // the page runs one copy; libraries (the query persister) keep the real packages behind them.
    ...(isRemote ? [] : [{ exclude: /[\\/]node_modules[\\/]/, resolve: { alias: shellFacadeAliases } }]),
  ];
}

/**
 * @param {object} o
 * @param {string} o.appDir  absolute folder of the app
 * @param {string} o.name    federation name
 * @param {number} o.port    dev-server port
 * @param {Record<string,string>} [o.exposes]  modules a remote exposes
 * @param {string} [o.title] document title of the app's HTML page
 * @param {boolean} [o.standalone] a remote's production build also gets standalone.html (standalone-host/README.md)
 * @param {Record<string, { chunks: string[], serverData?: boolean, reads?: string[], publicReads?: string[], photos?: object }>} [o.opens]
 *   per page path of a remote, the named chunks its routes load at once when a visit starts there, and the core
 *   API reads (GET paths) its first screen makes, which the page sends early: `reads` with the session of a
 *   signed-in visitor, `publicReads` at once and without one, for every visitor (emitOpeningFiles); `photos`:
 *   where the first row's photos are in public answers, which the shell's server preloads with the page
 *   (scripts/page-hints.mjs, `firstPhotos`)
 * @param {Record<string, RegExp>} [o.chunkGroups] a remote's own async chunks by name: the modules each test
 *   picks are built into that one chunk (named unlike any `import()`), however many of the remote's pages take
 *   them, instead of a copy in each page's chunk
 */
export function createConfig(
  { appDir, name, port, exposes, title = 'ShambaSoko', standalone = false, opens, chunkGroups = {} },
  argv = {},
) {
  const production = argv.mode !== 'development';
  const appPackage = require(path.join(appDir, 'package.json'));
  const isRemote = Boolean(exposes);
  // Production remote entries use the shell's federation runtime (shared-runtime/README.md).
  const sharedRuntime = production && process.env.MF_SHARED_RUNTIME !== '0';

  const config = {
    name,
    mode: production ? 'production' : 'development',
    context: appDir,
    // The shell's early script (shell/src/early.ts) is an entry of its own: the server links it from
    // a first visit's page, not the HTML template.
    entry: { main: './src/index.ts', ...(isRemote ? {} : { [EARLY_ENTRY]: './src/early.ts' }) },
    target: 'web',
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      // Remotes resolve their chunks from wherever their entry was loaded; the shell serves from its root.
      publicPath: isRemote ? 'auto' : '/',
      uniqueName: name,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: {
        ...facadeTargets(production),
        ...(sharedRuntime && isRemote ? sharedRuntimeAliases : {}),
      },
    },
    cache: buildCache(name, [import.meta.filename, path.join(appDir, 'webpack.config.mjs')]),
    module: { rules: moduleRules({ production, isRemote, name, appDir }) },
    optimization: {
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      // The shell's query library is one chunk, and so is the offline support: each is loaded from
      // several places (the frames, the remotes through the federation share, the landing page's
      // grid; the head start and the offline panel), and split by the default rules their small
      // shared parts were built into several chunks at once.
      ...(isRemote
        ? {
            splitChunks: {
              cacheGroups: Object.fromEntries(
                Object.entries(chunkGroups).map(([chunk, test]) => [chunk, { test, name: chunk, chunks: 'async', enforce: true }]),
              ),
            },
          }
        : {
            splitChunks: {
              cacheGroups: {
                // React's renderer beside the shell's own start-up code, as two files fetched side by
                // side: on a slow link one 66 kB file spends its first round trips in TCP slow start.
                renderer: {
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  name: 'renderer',
                  chunks: 'initial',
                  enforce: true,
                },
                // With the facade the shell offers remotes: split off, it was one more round trip
                // before a remote's chunk that takes the library could run. With the small modules that
                // load with it wherever it loads (the frames' query client and signed-in controls; the
                // preferences hook): as files of their own they were two more requests on a first
                // visit, each holding a share of a slow link's bandwidth while it waited (issue 43).
                query: {
                  test: (module) =>
                    QUERY_CHUNK.some((files) => files.test(module.nameForCondition?.() ?? '')) &&
                    !SAVER_CHUNK.test(module.nameForCondition?.() ?? ''),
                  name: 'query',
                  chunks: 'async',
                  enforce: true,
                },
                ...shellChunkGroups,
                // With the dashboard layout's offline corner (its panel), which every page that takes
                // the offline support shows: on a first visit, one request fewer beside the code. Its
                // Kiswahili words stay a chunk of their own, loaded in Kiswahili only.
                offline: {
                  test: (module) =>
                    OFFLINE_CHUNK.test(module.nameForCondition?.() ?? '') &&
                    !SAVER_CHUNK.test(module.nameForCondition?.() ?? '') &&
                    !/[\\/]locales[\\/]sw\.json$/.test(module.nameForCondition?.() ?? ''),
                  name: 'offline',
                  chunks: 'async',
                  enforce: true,
                },
              },
            },
          }),
    },
    performance: { hints: false },
    plugins: [
      slimRuntimePlugin(),
      ...(isRemote
        ? [
            new ModuleFederationPlugin({
              name,
              filename: 'remoteEntry.js',
              exposes,
              remotes: {},
              // The shell runs first on the page and offers its copies; a remote's own are fallbacks,
              // except in production entries, which run only in the shell (they take its federation
              // runtime too): their entries carry no copies to offer (shared-runtime/README.md).
              shared: sharedRuntime ? hostProvided(sharedSingletons(appPackage)) : sharedSingletons(appPackage),
              shareStrategy: 'loaded-first',
              dts: false,
              manifest: { fileName: 'mf-manifest.json' },
              experiments: {
                // Remotes never load other remotes: their entries leave out the runtime's remote-loading code.
                optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
              },
            }),
            ...(opens ? [emitOpeningFiles(opens)] : []),
          ]
        : [
            // The shell is a host without the build plugin (shell/src/features/remotes/federation.ts): it tells
            // its federation instance what it offers, and records it for the remote registry.
            shellProvidesPlugin(appPackage, sharedRuntime),
            emitSharedVersions(sharedSingletons(appPackage)),
            emitHeadStartFiles(),
          ]),
      ...(production && !isRemote ? serviceWorkerPlugins({ appDir, name }) : []),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      ...(isRemote ? [] : [highPriorityMain()]),
      new HtmlWebpackPlugin({
        template: path.join(rootDir, 'scripts/webpack/index.html'),
        title,
        chunks: ['main'],
        scriptLoading: 'defer',
        // The shell is the installable app (its public/ holds the web app manifest and icons); a
        // remote's own page, for its team's work alone, is not.
        installable: !isRemote,
        // The tab's icon in the page itself: on a first visit, one request fewer beside the code.
        inlineIcon: isRemote ? null : svgDataUrl(path.join(appDir, 'public/icons/icon.svg')),
      }),
    ],
    devServer: {
      port,
      host: 'localhost',
      hot: false,
      liveReload: true,
      historyApiFallback: true,
      static: [{ directory: path.join(appDir, 'public'), watch: true }],
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/v1', '/api', '/static'], target: API_ORIGIN, changeOrigin: false }],
      client: { overlay: { warnings: false } },
    },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
  if (production && !isRemote) {
    // The worker's bundle first; the shell's build injects its precache list (service-worker.mjs).
    const rules = moduleRules({ production, isRemote, name, appDir }).slice(0, 1);
    return [{ ...config, dependencies: [`${name}-sw`] }, createServiceWorkerConfig({ appDir, name, rules })];
  }
  return standalone && production && isRemote ? [config, createStandaloneConfig({ appDir, name, appPackage })] : config;
}

/**
 * The standalone host of a remote's production build (standalone-host/README.md): `standalone.html`
 * next to the remote's remoteEntry.js, with its own scripts under `standalone/`. It is a second
 * compilation that runs after the remote's (which cleans dist/) and adds nothing to the remote's entry.
 */
function createStandaloneConfig({ appDir, name, appPackage }) {
  const hostDir = path.join(import.meta.dirname, 'standalone-host');
  return {
    name: `${name}-standalone`,
    dependencies: [name],
    mode: 'production',
    context: hostDir,
    entry: { main: './index.ts' },
    target: 'web',
    devtool: false,
    output: {
      path: path.join(appDir, 'dist'),
      // Relative to the page, so a deployed version folder (/v/<version>/standalone.html) works too.
      publicPath: 'auto',
      uniqueName: `${name}_standalone`,
      filename: 'standalone/[name].[contenthash:8].js',
      chunkFilename: 'standalone/[name].[contenthash:8].js',
      clean: false,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: facadeTargets(true) },
    cache: buildCache(`${name}-standalone`, [import.meta.filename]),
    module: { rules: moduleRules({ production: true, isRemote: false, name, appDir }) },
    optimization: { minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })] },
    performance: { hints: false },
    plugins: [
      slimRuntimePlugin(),
      new webpack.DefinePlugin({
        __STANDALONE_REMOTE__: JSON.stringify(name),
        __STANDALONE_VERSION__: JSON.stringify(appPackage.version ?? '0.0.0'),
      }),
      new ModuleFederationPlugin({
        name: `${name}_standalone`,
        remotes: {},
        // Like the shell: the host provides the singletons the remote's entry reuses from the share scope.
        // The identity SDK too (lazily), for the pages that sign in or out.
        shared: sharedSingletons(
          { dependencies: { firebase: sharedPackage.dependencies.firebase, ...appPackage.dependencies } },
          { eager: true },
        ),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        // The remote's production entry builds its instance with the host's runtime class.
        runtimePlugins: [path.join(sharedRuntimeDir, 'provide-plugin.mjs')],
        experiments: { optimization: { disableSnapshot: true, target: 'web' } },
      }),
      new MiniCssExtractPlugin({
        filename: 'standalone/[name].[contenthash:8].css',
        chunkFilename: 'standalone/[name].[contenthash:8].css',
      }),
      new HtmlWebpackPlugin({
        template: path.join(rootDir, 'scripts/webpack/index.html'),
        filename: 'standalone.html',
        title: `${name} (standalone)`,
        chunks: ['main'],
        scriptLoading: 'defer',
      }),
    ],
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}
