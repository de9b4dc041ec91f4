/** @jest-environment node */
import path from 'node:path';
import { importChain } from '@shambasoko/shared/testing';

// The 404 and the unavailable notices load when shown (rare-pages.tsx), not with the app area every page takes.
const src = path.resolve(__dirname, '..');
const chainTo = (page: string) =>
  importChain(src, 'app/app-area.tsx', (_specifier, file) => Boolean(file?.endsWith(`/src/pages/${page}.tsx`)));

test.each(['not-found-page', 'unavailable-pages'])('the app area leaves %s out of its first load', (page) => {
  expect(chainTo(page)).toBeNull();
});

test('the check sees the stand-ins the app area does load', () => {
  expect(chainTo('rare-pages')).not.toBeNull();
});
