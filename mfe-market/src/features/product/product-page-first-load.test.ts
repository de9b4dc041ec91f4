/** @jest-environment node */
import { importChain } from '@shambasoko/shared/testing';

// Issue 43: a product page opens on its description; the Reviews tab's list and form load when it is opened.
const chainTo = (component: string) =>
  importChain(`${__dirname}/../..`, 'features/product/product-page.tsx', (_specifier, file) =>
    Boolean(file?.endsWith(`/features/product/components/${component}.tsx`)),
  );

test('the product page leaves the reviews out of its first load', () => {
  expect(chainTo('reviews-section')).toBeNull();
});

test('the check sees a part the page does load at once', () => {
  expect(chainTo('seller-card')).not.toBeNull();
});
