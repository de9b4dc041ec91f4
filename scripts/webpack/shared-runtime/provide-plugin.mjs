// Federation runtime plugin of the shell (production builds): publishes the shell's
// ModuleFederation class on the federation global, so remote entries build their instance with it
// instead of each carrying its own copy of @module-federation/runtime-core (see README.md).
import { RUNTIME_GLOBAL_KEY, RUNTIME_VERSION } from './constants.mjs';

export default function provideSharedRuntimePlugin() {
  return {
    name: 'shambasoko-provide-shared-runtime',
    beforeInit(args) {
      const federationGlobal = globalThis.__FEDERATION__;
      if (federationGlobal && !federationGlobal[RUNTIME_GLOBAL_KEY]) {
        federationGlobal[RUNTIME_GLOBAL_KEY] = { ModuleFederation: args.origin.constructor, version: RUNTIME_VERSION };
      }
      return args;
    },
  };
}
