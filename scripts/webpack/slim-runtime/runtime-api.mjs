// Replaces @module-federation/runtime's entry in the shell's production build.
//
// The bundler runtime keeps that module's whole namespace (`federation.runtime`), and it re-exports
// runtime-core's index, so every class behind them (Module, the RemoteHandler's helpers) stayed in
// the first chunk. Module Federation's HoistContainerReferences step also pulls everything the
// runtime imports, even unused re-exports, into that chunk. This module is the same API (the names
// our code and the bundler runtime use, same behaviour as @module-federation/runtime 2.9.2) built
// from runtime-core's files directly, so the remote-loading code can live in its own chunk
// (lazy-remote-handler.mjs). Importing another name fails the build.
import { ModuleFederation } from 'mf-runtime-core-dist/core.js';
import { CurrentGlobal, getGlobalFederationConstructor, setGlobalFederationInstance } from 'mf-runtime-core-dist/global.js';

/** Only the bundler runtime's tree-shaken shared fallbacks call this (not configured here); it is async anyway. */
export async function getRemoteEntry(...args) {
  const load = await import(/* webpackChunkName: "federation-remotes" */ 'mf-runtime-core-dist/utils/load.js');
  return load.getRemoteEntry(...args);
}

/* global FEDERATION_BUILD_IDENTIFIER */
const buildId = () => (typeof FEDERATION_BUILD_IDENTIFIER !== 'undefined' ? FEDERATION_BUILD_IDENTIFIER : '');

function findInstance(name, version) {
  const id = buildId();
  return CurrentGlobal.__FEDERATION__.__INSTANCES__.find((instance) => {
    if (id && instance.options.id === id) return true;
    if (instance.options.name === name && !instance.options.version && !version) return true;
    return Boolean(instance.options.name === name && version && instance.options.version === version);
  });
}

let FederationInstance = null;

export function init(options) {
  const existing = findInstance(options.name, options.version);
  const normalized = { ...options, id: options.id || '' };
  if (existing) {
    existing.initOptions(normalized);
    FederationInstance ??= existing;
    return existing;
  }
  const Constructor = getGlobalFederationConstructor() || ModuleFederation;
  FederationInstance = new Constructor({ id: `${options.name}@${options.version || Date.now()}`, ...normalized });
  setGlobalFederationInstance(FederationInstance);
  return FederationInstance;
}

function instance() {
  if (!FederationInstance) throw new Error('[ Federation Runtime ]: Please call init first.');
  return FederationInstance;
}

export const loadRemote = (...args) => instance().loadRemote(...args);
export const loadShare = (...args) => instance().loadShare(...args);
export const loadShareSync = (...args) => instance().loadShareSync(...args);
export const registerRemotes = (...args) => instance().registerRemotes(...args);
export const registerPlugins = (...args) => instance().registerPlugins(...args);
export const registerShared = (...args) => instance().registerShared(...args);
export function getInstance(finder) {
  return finder ? CurrentGlobal.__FEDERATION__.__INSTANCES__.find(finder) || null : FederationInstance;
}
