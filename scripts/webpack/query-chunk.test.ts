import { execFileSync } from 'node:child_process';
import path from 'node:path';

// create-config.mjs is an ES module; jest here runs CommonJS, so the case runs in a child Node process.
const ROOT = path.join(__dirname, '../..');

/** Which of `files` the shell's production build puts in its query chunk. */
function inQueryChunk(files: string[]): string[] {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const make = (await import(${JSON.stringify(ROOT)} + '/shell/webpack.config.mjs')).default;
       const [config] = [make({}, { mode: 'production' })].flat();
       const group = config.optimization.splitChunks.cacheGroups.query;
       const files = ${JSON.stringify(files)};
       console.log(JSON.stringify(files.filter((f) => group.test({ nameForCondition: () => ${JSON.stringify(ROOT)} + '/' + f }))));`,
    ],
    { encoding: 'utf8', cwd: ROOT },
  );
  return JSON.parse(out) as string[];
}

describe("the shell's query chunk", () => {
  it('carries the small modules that load wherever the query library loads, so a first visit fetches one file for them', () => {
    const together = [
      'node_modules/@tanstack/query-core/build/modern/queryClient.js',
      'node_modules/@tanstack/react-query/build/modern/useQuery.js',
      'scripts/webpack/facades/react-query.mjs',
      // The frames (query client, signed-in controls) and the preferences hook were files of their own.
      'shell/src/app/frames.tsx',
      'shell/src/layout/account-menu.tsx',
      'shell/src/layout/notifications-bell.tsx',
      'shell/src/layout/count-badge.tsx',
      'shell/src/lib/query-client.ts',
      'shell/src/lib/use-dismiss.ts',
      'shared/src/query.ts',
      'shared/src/preferences.ts',
    ];
    // What pages without server data load (the landing page, sign-in) or what one frame alone shows stays out.
    const apart = [
      'shell/src/pages/landing-page.tsx',
      'shell/src/layout/dashboard-layout.tsx',
      'shell/src/layout/public-frame.tsx',
      'shell/src/layout/language-switcher.tsx',
      'shared/src/offline/index.ts',
      'node_modules/idb-keyval/dist/index.js',
    ];
    expect(inQueryChunk([...together, ...apart])).toEqual(together);
  });
});
