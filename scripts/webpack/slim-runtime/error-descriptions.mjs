// Replaces @module-federation/error-codes' desc.mjs in the shell's production build: the same codes
// with shorter descriptions (the first chunk carried ~1.2 KB of prose). Every message still carries
// its code and the link to the troubleshooting page, which explains it in full.
import {
  BUILD_001,
  BUILD_002,
  RUNTIME_001,
  RUNTIME_002,
  RUNTIME_003,
  RUNTIME_004,
  RUNTIME_005,
  RUNTIME_006,
  RUNTIME_007,
  RUNTIME_008,
  RUNTIME_009,
  RUNTIME_010,
  RUNTIME_011,
  RUNTIME_012,
  RUNTIME_013,
  RUNTIME_014,
  RUNTIME_015,
  TYPE_001,
} from 'mf-error-codes-dist/error-codes.mjs';

export const runtimeDescMap = {
  [RUNTIME_001]: 'No remoteEntry exports.',
  [RUNTIME_002]: 'Remote entry has no init.',
  [RUNTIME_003]: 'No manifest.',
  [RUNTIME_004]: 'Remote not found.',
  [RUNTIME_005]: 'Invalid loadShareSync call (bundler runtime).',
  [RUNTIME_006]: 'Invalid loadShareSync call.',
  [RUNTIME_007]: 'No remote snapshot.',
  [RUNTIME_008]: 'Script failed to load.',
  [RUNTIME_009]: 'Call createInstance first.',
  [RUNTIME_010]: 'The name cannot change after init.',
  [RUNTIME_011]: 'No remoteEntry URL in the snapshot.',
  [RUNTIME_012]: 'Shared module getter is not a function.',
  [RUNTIME_013]: 'Invalid manifest.',
  [RUNTIME_014]: 'Module not exposed by the remote.',
  [RUNTIME_015]: 'Remote container init failed.',
};
export const typeDescMap = { [TYPE_001]: 'Type declarations failed.' };
export const buildDescMap = { [BUILD_001]: 'Exposed module not found.', [BUILD_002]: 'publicPath required.' };
export const errorDescMap = { ...runtimeDescMap, ...typeDescMap, ...buildDescMap };
