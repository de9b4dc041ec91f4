// Replaces @module-federation/runtime-core's utils/preload.js in our builds: ShambaSoko never calls
// preloadRemote (remote entries load when their route is visited), so the asset-preloading code
// the runtime would otherwise carry on every first page is left out. Calling it fails loudly.
const unsupported = () => {
  throw new Error('preloadRemote is not available in ShambaSoko builds.');
};

export const defaultPreloadArgs = () => ({});
export const normalizePreloadExposes = () => [];
export const formatPreloadArgs = unsupported;
export const preloadAssets = unsupported;
