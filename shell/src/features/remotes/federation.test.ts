import { execFileSync } from 'node:child_process';
import path from 'node:path';
import * as React from 'react';
import * as Shared from '@shambasoko/shared';
import { offlineWanted } from '../../lib/offline-wanted';
import { PROVIDERS, federation, sharedOptions } from './federation';

const root = path.resolve(__dirname, '../../../..');

/** What the build tells the shell to provide (create-config.mjs), read the way the build reads it. */
function builtProvides(): Record<string, string> {
  const script = `
    import { createRequire } from 'node:module';
    import { sharedSingletons } from './scripts/webpack/create-config.mjs';
    import { providedVersions } from './scripts/deploy/provided.mjs';
    const shell = createRequire(import.meta.url)('./shell/package.json');
    process.stdout.write(JSON.stringify(providedVersions(sharedSingletons(shell))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })) as Record<
    string,
    string
  >;
}

type ShareInfo = { loaded?: boolean; from: string; lib?: () => unknown; get: () => Promise<() => unknown> };

describe('the shell as a federation host', () => {
  const provides = builtProvides();

  it('has a module for every singleton the build shares, and no other', () => {
    expect(Object.keys(PROVIDERS).sort()).toEqual(Object.keys(provides).sort());
  });

  it('refuses to share a name it has no module for', () => {
    expect(() => sharedOptions({ ...provides, 'left-pad': '1.0.0' })).toThrow('"left-pad"');
  });

  it('offers its own running copies as loaded, and the lazy ones on request', async () => {
    Object.assign(globalThis, { __SHELL_PROVIDES__: provides, __SHARED_RUNTIME__: { key: '__TEST_RUNTIME__', version: '9.9.9' } });
    const instance = federation();
    expect(federation()).toBe(instance);
    const scope = instance.shareScopeMap.default as Record<string, Record<string, ShareInfo>>;
    const react = scope.react?.[provides.react ?? ''];
    expect(react).toMatchObject({ loaded: true, from: 'shell' });
    // The very module the shell runs (compared by member: a CommonJS test build wraps namespaces).
    expect((react?.lib?.() as typeof React).useState).toBe(React.useState);
    const shared = scope['@shambasoko/shared']?.[provides['@shambasoko/shared'] ?? '']?.lib?.() as typeof Shared;
    expect(shared.formatKES).toBe(Shared.formatKES);
    // Not loaded until a remote asks: the offline support arrives after first paint.
    const offline = scope['@shambasoko/shared/offline']?.[provides['@shambasoko/shared/offline'] ?? ''];
    expect(offline?.loaded).toBeFalsy();
    expect(offlineWanted()).toBe(false);
    const factory = await offline?.get();
    expect(factory?.()).toHaveProperty('offlineWrite');
    // A remote page that asks for it works offline: the top bar's offline corner starts it (offline-wanted.ts).
    expect(offlineWanted()).toBe(true);
    // Remote entries build their instances with the shell's runtime class.
    const published = (globalThis as unknown as { __FEDERATION__: Record<string, { ModuleFederation: unknown; version: string }> })
      .__FEDERATION__.__TEST_RUNTIME__;
    expect(published).toEqual({ ModuleFederation: instance.constructor, version: '9.9.9' });
  });
});
