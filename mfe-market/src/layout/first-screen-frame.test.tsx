import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { act } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { setLocale } from '@shambasoko/shared';
import { MarketFrame } from './first-screen-frame';

// The shell's server writes the market's frame into a first visit's page at /market (scripts/page-frame.mjs,
// an ES module run here in a child Node process), and every loading frame on the way to the page shows
// those nodes. Its markup must be this frame's, or an in-app visit and a first visit would load in two
// different shapes.
const frameModule = path.join(__dirname, '../../../scripts/page-frame.mjs');
const server = (locale: string): string =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const f = await import(${JSON.stringify(frameModule)}); console.log(JSON.stringify(f.marketFrameHtml(${JSON.stringify(locale)})));`,
      ],
      { encoding: 'utf8' },
    ),
  ) as string;

afterEach(async () => {
  await act(() => setLocale('en'));
});

test.each(['en', 'sw'] as const)("the server's frame at /market is the market's frame, in %s", async (locale) => {
  await act(() => setLocale(locale));
  expect(server(locale)).toBe(renderToStaticMarkup(<MarketFrame />));
});
