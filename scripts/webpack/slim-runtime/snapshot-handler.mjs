// Replaces @module-federation/runtime-core's SnapshotHandler in our builds.
//
// We build with experiments.optimization.disableSnapshot and load remotes from plain
// remoteEntry.js files, so manifest snapshots are never used. runtime-core 2.9.2 still bundles the
// full handler (and the sdk's manifest-to-snapshot code) whenever remotes are enabled; this module
// keeps only what the rest of the runtime touches: the hook set plugins register on, the manifest
// cache that removeRemote clears, and the global-snapshot lookup removeRemote calls.
import { getGlobalSnapshot, getGlobalSnapshotInfoByModuleInfo, getInfoWithoutType } from 'mf-runtime-core-dist/global.js';
import { AsyncHook } from 'mf-runtime-core-dist/utils/hooks/asyncHook.js';
import { AsyncWaterfallHook } from 'mf-runtime-core-dist/utils/hooks/asyncWaterfallHooks.js';
import { PluginSystem } from 'mf-runtime-core-dist/utils/hooks/pluginSystem.js';

export function getGlobalRemoteInfo(moduleInfo, origin) {
  const hostSnapshot = getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version });
  const remotes = hostSnapshot && 'remotesInfo' in hostSnapshot ? hostSnapshot.remotesInfo : undefined;
  const matched = remotes ? getInfoWithoutType(remotes, moduleInfo.name).value : undefined;
  const version = matched?.matchedVersion ?? ('version' in moduleInfo ? moduleInfo.version : undefined);
  return {
    hostGlobalSnapshot: matched?.matchedVersion ? hostSnapshot : undefined,
    globalSnapshot: getGlobalSnapshot(),
    remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version }),
  };
}

export class SnapshotHandler {
  constructor(host) {
    this.HostInstance = host;
    this.loaderHook = host.loaderHook;
    this.manifestCache = new Map();
    this.hooks = new PluginSystem({
      beforeLoadRemoteSnapshot: new AsyncHook('beforeLoadRemoteSnapshot'),
      loadSnapshot: new AsyncWaterfallHook('loadGlobalSnapshot'),
      loadRemoteSnapshot: new AsyncWaterfallHook('loadRemoteSnapshot'),
      afterLoadSnapshot: new AsyncWaterfallHook('afterLoadSnapshot'),
      beforeLoadManifest: new AsyncHook('beforeLoadManifest'),
      afterLoadManifest: new AsyncHook('afterLoadManifest'),
    });
  }

  getGlobalRemoteInfo(moduleInfo) {
    return getGlobalRemoteInfo(moduleInfo, this.HostInstance);
  }

  async loadRemoteSnapshotInfo() {
    throw new Error('Remote snapshots are disabled in ShambaSoko builds (preloadRemote is not used).');
  }
}
