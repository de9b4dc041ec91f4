// Stands in for @module-federation/runtime in production remote entries (see README.md). The
// remote's bundler runtime only needs `init`, which creates (or finds) the remote's federation
// instance; it is created with the ModuleFederation class the shell published, so the remote entry
// does not bundle runtime-core. The shell always runs first on the page.
import { RUNTIME_GLOBAL_KEY, RUNTIME_VERSION } from './constants.mjs';

/* global FEDERATION_BUILD_IDENTIFIER */
const buildId = () => (typeof FEDERATION_BUILD_IDENTIFIER !== 'undefined' ? FEDERATION_BUILD_IDENTIFIER : '');

function hostRuntime() {
  const federationGlobal = globalThis.__FEDERATION__;
  const provided = federationGlobal?.[RUNTIME_GLOBAL_KEY];
  if (!provided) {
    throw new Error(
      'This remote entry uses the federation runtime of the ShambaSoko shell: load it through the shell (or run `npm run dev` to open the app on its own).',
    );
  }
  if (provided.version !== RUNTIME_VERSION) {
    throw new Error(
      `Federation runtime ${provided.version} in the shell, ${RUNTIME_VERSION} in this remote: build both with the same @module-federation/enhanced.`,
    );
  }
  return { federationGlobal, ModuleFederation: provided.ModuleFederation };
}

/** Same lookup as @module-federation/runtime's getGlobalFederationInstance. */
function findInstance(instances, name, version) {
  const id = buildId();
  return instances.find((instance) => {
    if (id && instance.options.id === id) return true;
    if (instance.options.name === name && !instance.options.version && !version) return true;
    return Boolean(instance.options.name === name && version && instance.options.version === version);
  });
}

export function init(options) {
  const { federationGlobal, ModuleFederation } = hostRuntime();
  const normalized = { ...options, id: options.id || '' };
  const existing = findInstance(federationGlobal.__INSTANCES__, options.name, options.version);
  if (existing) {
    existing.initOptions(normalized);
    return existing;
  }
  const instance = new ModuleFederation({ id: `${options.name}@${options.version || Date.now()}`, ...normalized });
  federationGlobal.__INSTANCES__.push(instance);
  return instance;
}

// Only reached for tree-shaken shared fallbacks, which ShambaSoko does not configure.
export function getRemoteEntry() {
  throw new Error('getRemoteEntry is not available in ShambaSoko remote entries.');
}
