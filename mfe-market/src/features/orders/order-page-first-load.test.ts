/** @jest-environment node */
import { importChain } from '@shambasoko/shared/testing';

// Issue 43: the order's first screen is its parts and totals; cancelling and aftercare (confirming,
// disputing) load when a buyer cancels or a part has been sent.
test.each(['cancel-dialog', 'aftercare-panel', 'dispute-details'])('the order page leaves %s out of its first load', (part) => {
  expect(
    importChain(`${__dirname}/../..`, 'features/orders/order-page.tsx', (_specifier, file) =>
      Boolean(file?.endsWith(`/components/${part}.tsx`)),
    ),
  ).toBeNull();
});

test('the check sees a component the page does load at once', () => {
  expect(
    importChain(`${__dirname}/../..`, 'features/orders/order-page.tsx', (_specifier, file) =>
      Boolean(file?.endsWith('/components/fulfilment-card.tsx')),
    ),
  ).not.toBeNull();
});

test("the order page's Message seller button takes its three words from the buying pages' catalog, not the whole inbox's", () => {
  expect(
    importChain(`${__dirname}/../..`, 'features/orders/order-page.tsx', (_specifier, file) =>
      Boolean(file?.endsWith('/lib/i18n-messages.ts')),
    ),
  ).toBeNull();
});
