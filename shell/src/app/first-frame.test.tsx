import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { act } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { setLocale } from '@shambasoko/shared';
import { FrameSkeleton } from '@shambasoko/shared/ui';
import { shapeAt } from './loading-shape';

// The shell's server paints the loading frame into a first visit's page (scripts/page-frame.mjs, an ES
// module run here in a child Node process), and the loading frames on the way to the page show those
// nodes. They must be FrameSkeleton's markup, or a first visit and an in-app visit would load in two
// different shapes.
const frameModule = path.join(__dirname, '../../../scripts/page-frame.mjs');
function server(script: string): unknown {
  const out = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `const frame = await import(${JSON.stringify(frameModule)});\n${script}`],
    { encoding: 'utf8' },
  );
  return JSON.parse(out);
}

const PATHS = ['/market', '/market/item', '/dashboard', '/farms', '/orders', '/cart', '/auth/sign-in', '/terms', '/nowhere'];

afterEach(async () => {
  await act(() => setLocale('en'));
});

test('the server picks the shape the shell renders at each path', () => {
  expect(server(`console.log(JSON.stringify(${JSON.stringify(PATHS)}.map(frame.shapeAt)))`)).toEqual(PATHS.map(shapeAt));
});

// /market's frame is the market's own (mfe-market/src/layout/first-screen-frame.test.tsx holds it).
test.each(['en', 'sw'] as const)("the server's frame is FrameSkeleton's markup, in %s", async (locale) => {
  await act(() => setLocale(locale));
  const shapes = ['cards', 'rows'] as const;
  const fromServer = server(
    `console.log(JSON.stringify(${JSON.stringify(shapes)}.map((shape) => frame.frameSkeletonHtml(shape, ${JSON.stringify(locale)}))))`,
  );
  expect(fromServer).toEqual(shapes.map((shape) => renderToStaticMarkup(<FrameSkeleton shape={shape} />)));
});
