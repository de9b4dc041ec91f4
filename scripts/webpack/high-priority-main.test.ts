import { execFileSync } from 'node:child_process';
import path from 'node:path';

// create-config.mjs is an ES module; jest here runs CommonJS, so the case runs in a child Node process.
const ROOT = path.join(__dirname, '../..');

/** The script tags of the shell's page after the plugin has seen them: src → fetchpriority. */
function priorities(srcs: string[]): Record<string, string | null> {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { highPriorityMain } = await import(${JSON.stringify(ROOT)} + '/scripts/webpack/create-config.mjs');
       const { default: HtmlWebpackPlugin } = await import('html-webpack-plugin');
       const compilation = {};
       highPriorityMain().apply({ hooks: { compilation: { tap: (_name, run) => run(compilation) } } });
       const scripts = ${JSON.stringify(srcs)}.map((src) => ({ tagName: 'script', attributes: { defer: true, src } }));
       const data = await HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.promise({ assetTags: { scripts, styles: [], meta: [] } });
       console.log(JSON.stringify(Object.fromEntries(data.assetTags.scripts.map((t) => [t.attributes.src, t.attributes.fetchpriority ?? null]))));`,
    ],
    { encoding: 'utf8', cwd: ROOT },
  );
  return JSON.parse(out) as Record<string, string | null>;
}

describe("the shell page's scripts", () => {
  it('fetch the main chunk at High priority (a deferred script is Low) and leave the renderer at the default', () => {
    expect(priorities(['/renderer.e9899e1b.js', '/main.33e8685b.js', '/domain.1234abcd.js', 'main.js'])).toEqual({
      '/renderer.e9899e1b.js': null,
      '/main.33e8685b.js': 'high',
      '/domain.1234abcd.js': null,
      'main.js': 'high',
    });
  });
});
