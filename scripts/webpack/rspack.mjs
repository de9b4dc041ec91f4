// Rspack builds from our webpack configs: issue 43's trial (scripts/bench/rspack-trial.mjs), not the build. Its
// remote entries came out 0.6-0.7 kB gzip heavier than webpack's (scripts/bench/README.md, stop 73).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const rspackCore = require('@rspack/core');
const { ModuleFederationPlugin: RspackFederation } = require('@module-federation/enhanced/rspack');

export const { rspack } = rspackCore;

/**
 * The same build for Rspack: the federation plugin from `@module-federation/enhanced/rspack` with the same
 * options (the slim runtime's module replacements and the shared-runtime aliases carry over as they are),
 * Rspack's CSS extraction, SWC loader and minimizer, its DefinePlugin and NormalModuleReplacementPlugin.
 * HtmlWebpackPlugin and our own plugins (the opening files) run on Rspack as they are.
 */
export function toRspack(config) {
  const cssLoader = require.resolve('mini-css-extract-plugin/dist/loader.js');
  const rules = (list) =>
    list.map((rule) => {
      const next = { ...rule };
      if (rule.use) {
        const uses = Array.isArray(rule.use) ? rule.use : [rule.use];
        next.use = uses.map((use) => {
          const loader = typeof use === 'string' ? use : use.loader;
          if (loader === cssLoader) return rspackCore.CssExtractRspackPlugin.loader;
          if (loader === 'swc-loader') return { ...use, loader: 'builtin:swc-loader' };
          return use;
        });
      }
      return next;
    });
  const plugins = config.plugins.map((plugin) => {
    switch (plugin.constructor?.name) {
      case 'ModuleFederationPlugin':
        return new RspackFederation(plugin._options);
      case 'MiniCssExtractPlugin':
        return new rspackCore.CssExtractRspackPlugin({ filename: plugin.options.filename, chunkFilename: plugin.options.chunkFilename });
      case 'NormalModuleReplacementPlugin':
        return new rspackCore.NormalModuleReplacementPlugin(plugin.resourceRegExp, plugin.newResource);
      case 'DefinePlugin':
        return new rspackCore.DefinePlugin(plugin.definitions);
      default:
        return plugin;
    }
  });
  // The Rspack federation plugin resolves `@module-federation/runtime` to its own copy whatever the aliases
  // say; a production remote's entry takes the shell's runtime instead (shared-runtime/README.md), so the
  // aliased requests are replaced before they are resolved.
  for (const [request, target] of Object.entries(config.resolve?.alias ?? {})) {
    if (!request.startsWith('@module-federation/runtime')) continue;
    const exact = new RegExp(`^${request.replace(/\$$/, '').replace(/[/.]/g, (c) => `\\${c}`)}$`);
    plugins.push(new rspackCore.NormalModuleReplacementPlugin(exact, target));
  }
  // Its runtime module imports the bundler runtime's CommonJS build by absolute path; the ES build is the
  // one webpack takes, whose imports the aliases and the slim runtime's replacements name.
  plugins.push(
    new rspackCore.NormalModuleReplacementPlugin(/webpack-bundler-runtime[\\/]dist[\\/]index\.cjs$/, (resource) => {
      resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
    }),
  );
  const { devServer: _devServer, ...rest } = config;
  return {
    ...rest,
    module: { ...config.module, rules: rules(config.module.rules) },
    optimization: { ...config.optimization, minimizer: [new rspackCore.SwcJsMinimizerRspackPlugin()] },
    plugins,
  };
}
