// Stands in for @module-federation/runtime/helpers in production remote entries. The bundler
// runtime reads the global snapshot only for tree-shaken shared fallbacks, which ShambaSoko does
// not configure (and snapshots are disabled); no snapshot means "leave the options as they are".
export default {
  global: { getGlobalSnapshotInfoByModuleInfo: () => undefined },
};
