// Replaces @module-federation/runtime-core's remote/index.js in the shell's production build.
//
// The landing page loads no remote, yet the runtime's remote-loading code (the RemoteHandler, the
// Module class behind it, manifest matching) sat in the shell's first chunk. This stand-in keeps
// what must exist when the federation instance is created (the hook set plugins register on, the
// remote map) and loads the real handler in its own chunk the first time a remote is registered
// or loaded; the real handler then works on the same hooks and map.
import { AsyncHook } from 'mf-runtime-core-dist/utils/hooks/asyncHook.js';
import { AsyncWaterfallHook } from 'mf-runtime-core-dist/utils/hooks/asyncWaterfallHooks.js';
import { PluginSystem } from 'mf-runtime-core-dist/utils/hooks/pluginSystem.js';
import { SyncHook } from 'mf-runtime-core-dist/utils/hooks/syncHook.js';
import { SyncWaterfallHook } from 'mf-runtime-core-dist/utils/hooks/syncWaterfallHook.js';

export class RemoteHandler {
  constructor(host) {
    // The same hooks, in the same order, as the real RemoteHandler's constructor.
    this.hooks = new PluginSystem({
      beforeRegisterRemote: new SyncWaterfallHook('beforeRegisterRemote'),
      registerRemote: new SyncWaterfallHook('registerRemote'),
      beforeRequest: new AsyncWaterfallHook('beforeRequest'),
      afterMatchRemote: new AsyncHook('afterMatchRemote'),
      onLoad: new AsyncHook('onLoad'),
      afterLoadRemote: new AsyncHook('afterLoadRemote'),
      handlePreloadModule: new SyncHook('handlePreloadModule'),
      errorLoadRemote: new AsyncHook('errorLoadRemote'),
      beforePreloadRemote: new AsyncHook('beforePreloadRemote'),
      generatePreloadAssets: new AsyncHook('generatePreloadAssets'),
      afterPreloadRemote: new AsyncHook('afterPreloadRemote'),
      loadEntry: new AsyncHook(),
    });
    this.host = host;
    this.idToRemoteMap = {};
    this.real = undefined;
    this.loading = undefined;
    // registerRemotes is synchronous; calls made before the real handler is here wait in order.
    this.pending = [];
  }

  load() {
    this.loading ??= import(/* webpackChunkName: "federation-remotes" */ 'mf-runtime-core-dist/remote/index.js').then(
      ({ RemoteHandler: Real }) => {
        const real = new Real(this.host);
        real.hooks = this.hooks;
        real.idToRemoteMap = this.idToRemoteMap;
        for (const [remotes, options] of this.pending.splice(0)) real.registerRemotes(remotes, options);
        this.real = real;
        return real;
      },
    );
    return this.loading;
  }

  /** Runs while the instance is created or re-initialised: with no remotes in the options, nothing to do. */
  formatAndRegisterRemote(globalOptions, userOptions) {
    if (this.real) return this.real.formatAndRegisterRemote(globalOptions, userOptions);
    if ((userOptions.remotes ?? []).length === 0) return globalOptions.remotes;
    throw new Error('ShambaSoko registers remotes at run time (registerRemotes), not in init options.');
  }

  registerRemotes(remotes, options) {
    if (this.real) return this.real.registerRemotes(remotes, options);
    this.pending.push([remotes, options]);
    void this.load();
  }

  async loadRemote(id, options) {
    return (await this.load()).loadRemote(id, options);
  }

  async preloadRemote(preloadOptions) {
    return (await this.load()).preloadRemote(preloadOptions);
  }

  async getRemoteModuleAndOptions(options) {
    return (await this.load()).getRemoteModuleAndOptions(options);
  }

  initRawContainer(name, url, container) {
    if (!this.real) throw new Error('initRawContainer before any remote was loaded is not supported in ShambaSoko builds.');
    return this.real.initRawContainer(name, url, container);
  }
}
