import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Production remote entries swap @module-federation/runtime for shared-runtime/runtime.mjs and call
// the shell's ModuleFederation class. These checks fail when an upgrade of
// @module-federation/enhanced changes what the bundler runtime imports or the runtime version.
const root = path.resolve(__dirname, '../..');
const bundlerRuntimeDist = path.join(root, 'node_modules/@module-federation/webpack-bundler-runtime/dist');
const read = (file: string) => readFileSync(file, 'utf8');

function exportedNames(file: string): Set<string> {
  const names = [...read(file).matchAll(/export (?:async )?function (\w+)/g)].map((m) => m[1] ?? '');
  return new Set(names);
}

describe('shared federation runtime of remote entries', () => {
  it('provides every name the bundler runtime imports from @module-federation/runtime', () => {
    const provided = exportedNames(path.join(__dirname, 'shared-runtime/runtime.mjs'));
    const wanted = new Set<string>();
    for (const name of readdirSync(bundlerRuntimeDist).filter((f) => f.endsWith('.js'))) {
      for (const match of read(path.join(bundlerRuntimeDist, name)).matchAll(/import \{([^}]+)\} from "@module-federation\/runtime"/g)) {
        for (const item of (match[1] ?? '').split(',')) wanted.add(item.trim().split(/\s+as\s+/)[0] ?? '');
      }
    }
    // init.js calls `runtime.init` through the namespace it keeps on __webpack_require__.federation.
    wanted.add('init');
    expect(wanted.size).toBeGreaterThan(1);
    expect([...wanted].filter((name) => !provided.has(name))).toEqual([]);
  });

  it('is built for the federation runtime version that is installed', () => {
    const { version } = JSON.parse(read(path.join(root, 'node_modules/@module-federation/runtime-core/package.json'))) as {
      version: string;
    };
    expect(read(path.join(__dirname, 'shared-runtime/constants.mjs'))).toContain(`RUNTIME_VERSION = '${version}'`);
  });

  it('replaces only the runtime entry points the bundler runtime uses', () => {
    const imports = readdirSync(bundlerRuntimeDist)
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => [...read(path.join(bundlerRuntimeDist, f)).matchAll(/from "(@module-federation\/runtime[^"]*)"/g)].map((m) => m[1]));
    expect(new Set(imports)).toEqual(new Set(['@module-federation/runtime', '@module-federation/runtime/helpers']));
  });
});
