/** @jest-environment node */
import { importChain } from '../testing';

// Tabs and a dispute's photo strip are singletons of their own (@shambasoko/shared/ui/tabs, …/photo-strip):
// the design system every page loads leaves them out, so only the pages that show them load their code
// (issue 43).
test.each(['tabs', 'photo-strip'])('the design system entry does not carry %s', (part) => {
  expect(importChain(__dirname, 'index.ts', (specifier) => specifier === `./${part}`)).toBeNull();
});

test('the check sees what the entry does carry', () => {
  expect(importChain(__dirname, 'index.ts', (specifier) => /(^|\/)data-table$/.test(specifier))).not.toBeNull();
});
