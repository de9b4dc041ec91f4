// The same front-end code as one ordinary webpack app (no module federation), built only to
// measure what federation costs in bytes. Remotes' routes are still split per remote and loaded on visit.
import path from 'node:path';
import webpack from 'webpack';
import { createConfig } from '../../webpack/create-config.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

export default (_env, argv) => {
  // The shell's build is two configs in production (the app, then its service worker); the monolith is the app alone.
  const built = createConfig({ appDir: path.join(root, 'shell'), name: 'monolith', port: 3090 }, { ...argv, mode: 'production' });
  const config = Array.isArray(built) ? { ...built[0], dependencies: undefined } : built;
  config.plugins = config.plugins.filter((p) => p.constructor?.name !== 'InjectManifest' && p.name !== 'PrecacheReport');
  config.output.path = path.join(root, 'scripts/bench/.monolith-dist');
  config.output.publicPath = '/';
  config.cache = { ...config.cache, cacheDirectory: path.join(root, '.cache/webpack/monolith') };
  config.plugins = config.plugins.filter((p) => p.constructor?.name !== 'ModuleFederationPlugin');
  config.plugins.push(
    new webpack.NormalModuleReplacementPlugin(
      /remotes[\\/]load-remote-routes(\.ts)?$/,
      path.join(import.meta.dirname, 'load-remote-routes.ts'),
    ),
  );
  return config;
};
