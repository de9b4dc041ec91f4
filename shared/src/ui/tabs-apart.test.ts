/** @jest-environment node */
import { importChain } from '../testing';

// Tabs are their own singleton (@shambasoko/shared/ui/tabs): the design system every page loads leaves
// them out, so only the pages that show tabs load their code (issue 43).
test('the design system entry does not carry the tabs', () => {
  expect(importChain(__dirname, 'index.ts', (specifier) => /(^|\/)tabs$/.test(specifier))).toBeNull();
});

test('the check sees what the entry does carry', () => {
  expect(importChain(__dirname, 'index.ts', (specifier) => /(^|\/)data-table$/.test(specifier))).not.toBeNull();
});
